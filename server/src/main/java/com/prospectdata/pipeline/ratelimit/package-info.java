/**
 * Per-key token buckets, local or in Redis, and the rate-limit headers.
 */
@NullMarked
package com.prospectdata.pipeline.ratelimit;

import org.jspecify.annotations.NullMarked;
