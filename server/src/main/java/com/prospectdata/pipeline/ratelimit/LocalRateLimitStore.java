package com.prospectdata.pipeline.ratelimit;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** Buckets in this process's memory: exact for one instance, per-instance with several. */
class LocalRateLimitStore implements RateLimitStore {

    private final ConcurrentMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    @Override
    public ConsumptionProbe tryConsume(String bucketId, int hourlyLimit, int tokens) {
        Bucket bucket = buckets.computeIfAbsent(bucketId,
                id -> Bucket.builder().addLimit(Buckets.hourlyBandwidth(hourlyLimit)).build());
        return Buckets.take(bucket, tokens);
    }
}
