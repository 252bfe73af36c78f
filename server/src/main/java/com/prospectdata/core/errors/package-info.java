/**
 * The failures a request can end in, thrown where they happen and written only by the pipeline's
 * error handler.
 */
@NamedInterface("errors")
@NullMarked
package com.prospectdata.core.errors;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
