package com.prospectdata.ratelimit;

import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RateLimitConfiguration {

    /** {@code app.rate-limit.store}: {@code local} (one instance) or {@code redis} (shared by every instance). */
    @Bean
    RateLimitStore rateLimitStore(RateLimitProperties settings, RateLimitProperties.Redis redis, Clock clock) {
        return switch (settings.store()) {
            case LOCAL -> new LocalRateLimitStore();
            case REDIS -> new RedisRateLimitStore(redis.url(), settings.redisTimeout(), clock);
        };
    }
}
