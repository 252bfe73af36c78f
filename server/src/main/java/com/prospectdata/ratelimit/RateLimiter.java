package com.prospectdata.ratelimit;

import com.prospectdata.auth.AuthenticatedKey;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Per-key token buckets (Bucket4j): capacity = the key's hourly limit, refilled evenly over the
 * hour. This process's buckets are local; sharing them across instances is a later step.
 */
@Component
public class RateLimiter {

    private record BucketKey(UUID keyId, int hourlyLimit) {
    }

    private final ConcurrentMap<BucketKey, Bucket> buckets = new ConcurrentHashMap<>();
    private final boolean enabled;
    private final Clock clock;

    public RateLimiter(@Value("${app.rate-limit.enabled:true}") boolean enabled, Clock clock) {
        this.enabled = enabled;
        this.clock = clock;
    }

    /**
     * Takes one token for the caller and writes the rate-limit headers; throws a 429 when the
     * bucket is empty.
     */
    public void consume(AuthenticatedKey caller, HttpServletResponse response) {
        if (!enabled) {
            return;
        }
        int limit = caller.hourlyLimit();
        // Keyed by the limit too, so a changed enterprise limit starts a bucket of the new size.
        Bucket bucket = buckets.computeIfAbsent(new BucketKey(caller.keyId(), limit), key -> newBucket(limit));
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        long secondsUntilFull = ceilSeconds(refillNanos(probe.getRemainingTokens(), limit));
        new RateLimitState(limit, probe.getRemainingTokens(), secondsUntilFull,
                clock.instant().getEpochSecond()).writeTo(response);
        if (!probe.isConsumed()) {
            throw new RateLimitExceededException(Math.max(1, ceilSeconds(probe.getNanosToWaitForRefill())));
        }
    }

    private static Bucket newBucket(int hourlyLimit) {
        return Bucket.builder()
                .addLimit(Bandwidth.builder()
                        .capacity(hourlyLimit)
                        .refillGreedy(hourlyLimit, Duration.ofSeconds(RateLimitState.WINDOW_SECONDS))
                        .build())
                .build();
    }

    /** Time for an evenly refilled bucket to go from {@code remaining} tokens to full. */
    private static long refillNanos(long remaining, int limit) {
        long missing = Math.max(0, limit - remaining);
        return missing * TimeUnit.SECONDS.toNanos(RateLimitState.WINDOW_SECONDS) / limit;
    }

    private static long ceilSeconds(long nanos) {
        return (nanos + 999_999_999L) / 1_000_000_000L;
    }
}
