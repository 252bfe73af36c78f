package com.prospectdata.pipeline.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.core.errors.RateLimitExceededException;
import com.prospectdata.pipeline.Tier;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletResponse;

class RateLimiterTest {

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-21T10:00:00Z"), ZoneOffset.UTC);
    private final RateLimiter limiter = new RateLimiter(new LocalRateLimitStore(), settings(true), clock);

    private static RateLimitProperties settings(boolean enabled) {
        return new RateLimitProperties(enabled, RateLimitProperties.Store.LOCAL, java.time.Duration.ofMillis(500));
    }

    private static AuthenticatedKey key(int hourlyLimit) {
        return new AuthenticatedKey(UUID.randomUUID(), UUID.randomUUID(), Tier.ENTERPRISE, hourlyLimit,
                List.of("companies:read"), null);
    }

    @Test
    void everyAllowedRequestCarriesTheHeaders() {
        AuthenticatedKey caller = key(3600);
        MockHttpServletResponse response = new MockHttpServletResponse();
        limiter.consume(caller, 1, response);
        assertThat(response.getHeader("X-RateLimit-Limit")).isEqualTo("3600");
        assertThat(response.getHeader("X-RateLimit-Remaining")).isEqualTo("3599");
        // One token short of full, refilled at one token per second.
        assertThat(response.getHeader("RateLimit")).isEqualTo("\"hourly\";r=3599;t=1");
        assertThat(response.getHeader("RateLimit-Policy")).isEqualTo("\"hourly\";q=3600;w=3600");
        assertThat(response.getHeader("X-RateLimit-Reset"))
                .isEqualTo(Long.toString(clock.instant().getEpochSecond() + 1));
    }

    @Test
    void theRequestAfterTheBudgetIsRefusedWithTheWaitForOneToken() {
        AuthenticatedKey caller = key(4);
        for (int i = 0; i < 4; i++) {
            limiter.consume(caller, 1, new MockHttpServletResponse());
        }
        MockHttpServletResponse response = new MockHttpServletResponse();
        assertThatThrownBy(() -> limiter.consume(caller, 1, response))
                .isInstanceOfSatisfying(RateLimitExceededException.class, e -> {
                    // 4 tokens per hour: one every 900 seconds.
                    assertThat(e.retryAfterSeconds()).isBetween(899L, 900L);
                    assertThat(e.getMessage()).isEqualTo("Rate limit exceeded. Retry after " + e.retryAfterSeconds() + " seconds.");
                });
        assertThat(response.getHeader("X-RateLimit-Remaining")).isEqualTo("0");
    }

    @Test
    void anOperationCostingSeveralTokensTakesThemAllOrNone() {
        AuthenticatedKey caller = key(10);
        MockHttpServletResponse first = new MockHttpServletResponse();
        limiter.consume(caller, 3, first);
        assertThat(first.getHeader("X-RateLimit-Remaining")).isEqualTo("7");
        limiter.consume(caller, 3, new MockHttpServletResponse());
        limiter.consume(caller, 3, new MockHttpServletResponse());

        MockHttpServletResponse refused = new MockHttpServletResponse();
        assertThatThrownBy(() -> limiter.consume(caller, 3, refused)).isInstanceOf(RateLimitExceededException.class);
        assertThat(refused.getHeader("X-RateLimit-Remaining")).as("a refused request takes nothing").isEqualTo("1");
        limiter.consume(caller, 1, new MockHttpServletResponse());
    }

    @Test
    void bucketsArePerKey() {
        AuthenticatedKey first = key(1);
        AuthenticatedKey second = key(1);
        limiter.consume(first, 1, new MockHttpServletResponse());
        limiter.consume(second, 1, new MockHttpServletResponse());
        assertThatThrownBy(() -> limiter.consume(first, 1, new MockHttpServletResponse()))
                .isInstanceOf(RateLimitExceededException.class);
    }

    @Test
    void switchedOffItNeitherCountsNorWritesHeaders() {
        RateLimiter off = new RateLimiter(new LocalRateLimitStore(), settings(false), clock);
        AuthenticatedKey caller = key(1);
        MockHttpServletResponse response = new MockHttpServletResponse();
        off.consume(caller, 1, response);
        off.consume(caller, 1, response);
        assertThat(response.getHeader("X-RateLimit-Limit")).isNull();
    }
}
