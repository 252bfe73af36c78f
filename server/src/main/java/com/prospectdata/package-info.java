/**
 * The application class and what runs before any module: the JVM's own settings the entry point
 * applies, the one clock, and the one scheduler of the background loops.
 */
@NullMarked
package com.prospectdata;

import org.jspecify.annotations.NullMarked;
