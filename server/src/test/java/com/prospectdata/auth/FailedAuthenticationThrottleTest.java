package com.prospectdata.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.ratelimit.RateLimitExceededException;
import org.junit.jupiter.api.Test;

class FailedAuthenticationThrottleTest {

    @Test
    void anAddressIsAnswered429OnceItsFailuresAreSpent() {
        FailedAuthenticationThrottle throttle = new FailedAuthenticationThrottle(3);
        for (int i = 0; i < 3; i++) {
            assertThatCode(() -> throttle.recordFailure("10.0.0.1")).as("failure %d is a 401", i + 1).doesNotThrowAnyException();
        }
        assertThatThrownBy(() -> throttle.recordFailure("10.0.0.1"))
                .isInstanceOfSatisfying(RateLimitExceededException.class,
                        e -> assertThat(e.retryAfterSeconds()).isBetween(1L, 20L));
    }

    @Test
    void otherAddressesAreNotAffected() {
        FailedAuthenticationThrottle throttle = new FailedAuthenticationThrottle(1);
        throttle.recordFailure("10.0.0.1");
        assertThatThrownBy(() -> throttle.recordFailure("10.0.0.1")).isInstanceOf(RateLimitExceededException.class);
        assertThatCode(() -> throttle.recordFailure("10.0.0.2")).doesNotThrowAnyException();
    }
}
