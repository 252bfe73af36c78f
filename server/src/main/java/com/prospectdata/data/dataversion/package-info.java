/**
 * Each organization's data version: raised by the writers in their transaction, read by every
 * instance.
 */
@NamedInterface("dataversion")
@NullMarked
package com.prospectdata.data.dataversion;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
