/**
 * Organization rows.
 */
@NamedInterface("organizations")
@NullMarked
package com.prospectdata.data.organizations;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
