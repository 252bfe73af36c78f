/**
 * The calling key and its hourly budget now (docs/api-rules.md §17): free to call, so a partner
 * can always see what is left.
 */
@NullMarked
package com.prospectdata.features.usage;

import org.jspecify.annotations.NullMarked;
