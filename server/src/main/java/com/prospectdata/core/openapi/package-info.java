/**
 * The document the jar carries, its operations with their x- traits, the generated handlers by
 * operationId, and the wire's timestamps.
 */
@NamedInterface("openapi")
@NullMarked
package com.prospectdata.core.openapi;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
