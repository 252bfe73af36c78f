package com.prospectdata.pipeline.ratelimit;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.rate-limit.*}: the per-key hourly budgets.
 *
 * @param enabled per-key rate limiting; switch it off for benchmarks only
 * @param store where the buckets live: {@code local} (each instance its own) or {@code redis}
 *        (shared by every instance, at {@code spring.data.redis.url})
 * @param redisTimeout how long a request waits for Redis before counting locally
 */
@ConfigurationProperties("app.rate-limit")
@Validated
record RateLimitProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("local") @NotNull Store store,
        @DefaultValue("500ms") @NotNull @DurationMin(millis = 1) @DurationMax(seconds = 10) Duration redisTimeout) {

    public enum Store { LOCAL, REDIS }

    /**
     * {@code spring.data.redis.url}, Spring's name for it; read here since the rate limit is
     * the only user of Redis.
     *
     * @param url the Redis server of the shared rate limits
     */
    @ConfigurationProperties("spring.data.redis")
    @Validated
    public record Redis(
            @DefaultValue("redis://localhost:6379") @NotBlank
            @Pattern(regexp = "rediss?://.+", message = "must be a redis:// or rediss:// URL") String url) {
    }
}
