package com.prospectdata.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.prospectdata.ratelimit.RateLimitExceededException;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Slows down key guessing: each client address may fail authentication
 * {@code app.auth.failed-attempts-per-minute} times a minute; past that, its requests are
 * answered 429 without being looked at until the budget refills.
 */
@Component
public class FailedAuthenticationThrottle {

    private final int attemptsPerMinute;
    private final Cache<String, Bucket> failuresByAddress;

    public FailedAuthenticationThrottle(@Value("${app.auth.failed-attempts-per-minute}") int attemptsPerMinute) {
        if (attemptsPerMinute < 1) {
            throw new IllegalStateException("app.auth.failed-attempts-per-minute must be at least 1");
        }
        this.attemptsPerMinute = attemptsPerMinute;
        // An address forgotten after two idle minutes has a full budget again anyway.
        this.failuresByAddress = Caffeine.newBuilder()
                .expireAfterAccess(Duration.ofMinutes(2))
                .maximumSize(100_000)
                .build();
    }

    /** Throws a 429 when this address has no failed attempts left. */
    public void requireAttemptsLeft(String clientAddress) {
        Bucket bucket = failuresByAddress.getIfPresent(clientAddress);
        if (bucket != null && bucket.getAvailableTokens() < 1) {
            long nanos = bucket.estimateAbilityToConsume(1).getNanosToWaitForRefill();
            throw new RateLimitExceededException(Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L));
        }
    }

    public void recordFailure(String clientAddress) {
        failuresByAddress.get(clientAddress, address -> Bucket.builder()
                        .addLimit(Bandwidth.builder()
                                .capacity(attemptsPerMinute)
                                .refillGreedy(attemptsPerMinute, Duration.ofMinutes(1))
                                .build())
                        .build())
                .tryConsume(1);
    }
}
