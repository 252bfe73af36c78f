/**
 * Every operation's parameters read strictly from the document, and the canonical form of a
 * request for page links.
 */
@NamedInterface("parameters")
@NullMarked
package com.prospectdata.pipeline.parameters;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.NamedInterface;
