/**
 * The database and what reads and writes lean on: the embedded PostgreSQL and its failures,
 * organizations, read replicas, each organization's data version, and the results kept while that
 * version holds.
 */
@ApplicationModule(displayName = "Data", allowedDependencies = {"core :: *"})
@NullMarked
package com.prospectdata.data;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
