/**
 * The picocli commands, the jar's entry point, and the one line a failed command prints.
 */
@NullMarked
package com.prospectdata.operator.cli;

import org.jspecify.annotations.NullMarked;
