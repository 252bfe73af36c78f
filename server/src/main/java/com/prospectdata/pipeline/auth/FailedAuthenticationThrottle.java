package com.prospectdata.pipeline.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.prospectdata.core.errors.RateLimitExceededException;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * Slows down clients that keep failing authentication: each client address may fail
 * {@code app.auth.failed-attempts-per-minute} times a minute; past that, its further failed
 * attempts are answered 429 instead of 401 until the budget refills. Only failures are
 * throttled: a valid key is served from any address, so one client behind a shared address
 * (a NAT, a proxy) cannot lock the others out. docs/SECURITY.md explains why guessing a key
 * stays infeasible anyway.
 */
@Component
class FailedAuthenticationThrottle {

    private final int attemptsPerMinute;
    private final Cache<String, Bucket> failuresByAddress;

    public FailedAuthenticationThrottle(AuthProperties settings) {
        this.attemptsPerMinute = settings.failedAttemptsPerMinute();
        // An address forgotten after two idle minutes has a full budget again anyway.
        this.failuresByAddress = Caffeine.newBuilder()
                .expireAfterAccess(Duration.ofMinutes(2))
                .maximumSize(100_000)
                .build();
    }

    /**
     * Counts a failed attempt of this address; throws a 429 when the address had no failed
     * attempt left, to be answered instead of the 401.
     */
    public void recordFailure(String clientAddress) {
        Bucket bucket = failuresByAddress.get(clientAddress, address -> Bucket.builder()
                .addLimit(Bandwidth.builder()
                        .capacity(attemptsPerMinute)
                        .refillGreedy(attemptsPerMinute, Duration.ofMinutes(1))
                        .build())
                .build());
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            long nanos = probe.getNanosToWaitForRefill();
            throw RateLimitExceededException.failedAuthentication(Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L));
        }
    }
}
