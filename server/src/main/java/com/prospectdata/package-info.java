/**
 * The application class and what runs before any module: the JVM's own settings the entry point
 * applies, and the one clock.
 */
@NullMarked
package com.prospectdata;

import org.jspecify.annotations.NullMarked;
