/**
 * A company's two summaries as their endpoints answer them, for many companies at once: what
 * {@code include} embeds in a company (docs/api-rules.md §13). Each summary is one statement for a
 * whole page of companies. The hiring-activity rule lives here, used by the jobs list too.
 */
@NullMarked
package com.prospectdata.features.summaries;

import org.jspecify.annotations.NullMarked;
