/**
 * What operators run: the command line (serve, orgs, keys, import, demo-data) and the jar's entry
 * point, the JSON Lines importer and the demo data generator.
 */
@ApplicationModule(displayName = "Operator", allowedDependencies = {"core :: *", "data :: *", "pipeline", "pipeline :: *"})
@NullMarked
package com.prospectdata.operator;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
