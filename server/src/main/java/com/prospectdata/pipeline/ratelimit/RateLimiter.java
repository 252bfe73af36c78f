package com.prospectdata.pipeline.ratelimit;

import com.prospectdata.core.errors.RateLimitExceededException;
import com.prospectdata.pipeline.AuthenticatedKey;
import io.github.bucket4j.ConsumptionProbe;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * Per-key token buckets (Bucket4j): capacity = the key's hourly limit, refilled evenly over the
 * hour, kept in the configured {@link RateLimitStore}.
 */
@Component
class RateLimiter {

    private final RateLimitStore store;
    private final boolean enabled;
    private final Clock clock;

    public RateLimiter(RateLimitStore store, RateLimitProperties settings, Clock clock) {
        this.store = store;
        this.enabled = settings.enabled();
        this.clock = clock;
    }

    /**
     * Takes {@code tokens} tokens for the caller and writes the rate-limit headers; throws a 429
     * when the bucket holds fewer.
     */
    public void consume(AuthenticatedKey caller, int tokens, HttpServletResponse response) {
        if (!enabled) {
            return;
        }
        int limit = caller.hourlyLimit();
        // Keyed by the limit too, so a changed enterprise limit starts a bucket of the new size.
        ConsumptionProbe probe = store.tryConsume(caller.keyId() + ":" + limit, limit, tokens);
        long secondsUntilFull = ceilSeconds(refillNanos(probe.getRemainingTokens(), limit));
        new RateLimitState(limit, probe.getRemainingTokens(), secondsUntilFull,
                clock.instant().getEpochSecond()).writeTo(response);
        if (!probe.isConsumed()) {
            throw new RateLimitExceededException(Math.max(1, ceilSeconds(probe.getNanosToWaitForRefill())));
        }
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
