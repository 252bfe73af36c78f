package com.prospectdata.ratelimit;

import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class RateLimitConfiguration {

    /** {@code app.rate-limit.store}: {@code local} (one instance) or {@code redis} (shared by every instance). */
    @Bean
    RateLimitStore rateLimitStore(@Value("${app.rate-limit.store}") String store,
                                  @Value("${spring.data.redis.url:redis://localhost:6379}") String redisUrl,
                                  @Value("${app.rate-limit.redis-timeout}") Duration redisTimeout,
                                  Clock clock) {
        return switch (store) {
            case "local" -> new LocalRateLimitStore();
            case "redis" -> new RedisRateLimitStore(redisUrl, redisTimeout, clock);
            default -> throw new IllegalStateException("app.rate-limit.store must be local or redis, not '" + store + "'");
        };
    }
}
