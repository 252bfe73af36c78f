package com.prospectdata.pipeline.ratelimit;

import io.github.bucket4j.ConsumptionProbe;

/** Where the token buckets live: this process (local) or Redis, shared by every instance. */
interface RateLimitStore {

    /** Takes {@code tokens} tokens from the bucket {@code bucketId} of {@code hourlyLimit} tokens. */
    ConsumptionProbe tryConsume(String bucketId, int hourlyLimit, int tokens);
}
