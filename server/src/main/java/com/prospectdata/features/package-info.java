/**
 * What partners call: the companies, their jobs and technologies (each a thin delegate, one query
 * class, DTOs), the health check and the published contract with its reference page. Nothing
 * outside this module uses it.
 */
@ApplicationModule(displayName = "Features", allowedDependencies = {"core :: *", "data :: *", "pipeline", "pipeline :: *"})
@NullMarked
package com.prospectdata.features;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
