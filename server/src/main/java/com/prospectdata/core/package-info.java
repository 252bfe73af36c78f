/**
 * The bottom every module may use, using no other module: the failures a request can end in, the
 * settings check, the OpenAPI document the jar carries with its operations and traits, and the SQL
 * types that keep jOOQ cheap per request.
 */
@ApplicationModule(displayName = "Core", allowedDependencies = {})
@NullMarked
package com.prospectdata.core;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
