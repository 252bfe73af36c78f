/**
 * Results kept per organization and data version, bounded by estimated bytes.
 */
@NamedInterface("reuse")
@NullMarked
package com.prospectdata.data.reuse;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
