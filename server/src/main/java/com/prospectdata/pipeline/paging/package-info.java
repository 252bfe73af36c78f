/**
 * One page type for the lists and the one builder of their 200s with the Link header.
 */
@NamedInterface("paging")
@NullMarked
package com.prospectdata.pipeline.paging;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
