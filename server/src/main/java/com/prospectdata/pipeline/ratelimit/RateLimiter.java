package com.prospectdata.pipeline.ratelimit;

import com.prospectdata.core.errors.RateLimitExceededException;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.RequestContext;
import io.github.bucket4j.ConsumptionProbe;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import java.util.Optional;
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
     * when the bucket holds fewer. Returns the bucket as the request left it, none when rate
     * limiting is off.
     */
    public Optional<RequestContext.Budget> consume(AuthenticatedKey caller, int tokens, HttpServletResponse response) {
        if (!enabled) {
            return Optional.empty();
        }
        int limit = caller.hourlyLimit();
        // Keyed by the limit too, so a changed enterprise limit starts a bucket of the new size.
        ConsumptionProbe probe = store.tryConsume(caller.keyId() + ":" + limit, limit, tokens);
        long secondsUntilFull = ceilSeconds(refillNanos(probe.getRemainingTokens(), limit));
        long now = clock.instant().getEpochSecond();
        new RateLimitState(limit, probe.getRemainingTokens(), secondsUntilFull, now).writeTo(response);
        if (!probe.isConsumed()) {
            throw new RateLimitExceededException(Math.max(1, ceilSeconds(probe.getNanosToWaitForRefill())));
        }
        return Optional.of(new RequestContext.Budget(limit, probe.getRemainingTokens(), now + secondsUntilFull));
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
