/**
 * Where jOOQ's defaults cost too much per request: timestamps read as values, SQL rendered once,
 * rows read by position.
 */
@NamedInterface("sqltypes")
@NullMarked
package com.prospectdata.core.sqltypes;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
