/**
 * One page type for the lists and the one builder of their 200s with the Link header, with the
 * origin its URLs start with: app.public-base-url, or a request host that is a plain host name.
 */
@NamedInterface("paging")
@NullMarked
package com.prospectdata.pipeline.paging;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
