/**
 * The caller's prospect searches: the list and one search, with each one's company count and
 * last change (docs/api-rules.md §11).
 */
@NullMarked
package com.prospectdata.features.searches;

import org.jspecify.annotations.NullMarked;
