package com.prospectdata.pipeline.ratelimit;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RateLimitConfiguration {

    /** {@code app.rate-limit.store}: {@code local} (one instance) or {@code redis} (shared by every instance). */
    @Bean
    RateLimitStore rateLimitStore(RateLimitProperties settings, RateLimitProperties.Redis redis, Clock clock,
                                  MeterRegistry meters, ObjectProvider<ObservationRegistry> observations) {
        RateLimitStore store = switch (settings.store()) {
            case LOCAL -> new LocalRateLimitStore();
            case REDIS -> new RedisRateLimitStore(redis.url(), settings.redisTimeout(), clock,
                    observations.getIfAvailable(() -> ObservationRegistry.NOOP));
        };
        // Registered with either store, so that an alert on it never reads "no data": 0 when local.
        Gauge.builder("api.rate_limit.redis.fallback", store,
                        chosen -> chosen instanceof RedisRateLimitStore shared && shared.countingLocally() ? 1 : 0)
                .description("1 from a failed Redis command until one succeeds: this instance counts rate limits on its own buckets")
                .register(meters);
        return store;
    }
}
