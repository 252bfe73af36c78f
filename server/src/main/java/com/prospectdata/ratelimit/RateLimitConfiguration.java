package com.prospectdata.ratelimit;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RateLimitConfiguration {

    /** {@code app.rate-limit.store}: {@code local} (one instance) or {@code redis} (shared by every instance). */
    @Bean
    RateLimitStore rateLimitStore(RateLimitProperties settings, RateLimitProperties.Redis redis, Clock clock,
                                  MeterRegistry meters) {
        return switch (settings.store()) {
            case LOCAL -> new LocalRateLimitStore();
            case REDIS -> {
                RedisRateLimitStore store = new RedisRateLimitStore(redis.url(), settings.redisTimeout(), clock);
                Gauge.builder("api.rate_limit.redis.fallback", store, shared -> shared.countingLocally() ? 1 : 0)
                        .description("1 while Redis is unreachable and this instance counts rate limits on its own buckets")
                        .register(meters);
                yield store;
            }
        };
    }
}
