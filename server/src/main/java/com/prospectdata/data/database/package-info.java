/**
 * The embedded PostgreSQL, the classification of database failures and the reachability check in
 * front of the pool.
 */
@NamedInterface("database")
@NullMarked
package com.prospectdata.data.database;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
