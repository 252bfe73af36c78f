package com.prospectdata.pipeline.ratelimit;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.BucketConfiguration;
import java.time.Duration;

/** The one bucket shape of docs/api-rules.md §6: capacity = hourly limit, refilled evenly over the hour. */
final class Buckets {

    static final Duration WINDOW = Duration.ofSeconds(RateLimitState.WINDOW_SECONDS);

    private Buckets() {
    }

    static Bandwidth hourlyBandwidth(int hourlyLimit) {
        return Bandwidth.builder().capacity(hourlyLimit).refillGreedy(hourlyLimit, WINDOW).build();
    }

    /**
     * Takes {@code tokens} from {@code bucket}; none for a free operation (Bucket4j refuses to
     * take zero), which reads what the bucket holds instead.
     */
    static ConsumptionProbe take(Bucket bucket, int tokens) {
        return tokens == 0 ? ConsumptionProbe.consumed(bucket.getAvailableTokens(), 0) : bucket.tryConsumeAndReturnRemaining(tokens);
    }

    static BucketConfiguration hourly(int hourlyLimit) {
        return BucketConfiguration.builder().addLimit(hourlyBandwidth(hourlyLimit)).build();
    }
}
