/**
 * Where the API's reads run: a streaming replica in the rotation or the primary, with each
 * replica's lag tracked.
 */
@NamedInterface("replicas")
@NullMarked
package com.prospectdata.data.replicas;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
