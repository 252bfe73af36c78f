package com.prospectdata.auth;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.ratelimit.RateLimitExceededException;
import org.junit.jupiter.api.Test;

class FailedAuthenticationThrottleTest {

    @Test
    void anAddressIsRefusedOnceItsFailuresAreSpent() {
        FailedAuthenticationThrottle throttle = new FailedAuthenticationThrottle(3);
        for (int i = 0; i < 3; i++) {
            assertThatCode(() -> throttle.requireAttemptsLeft("10.0.0.1")).doesNotThrowAnyException();
            throttle.recordFailure("10.0.0.1");
        }
        assertThatThrownBy(() -> throttle.requireAttemptsLeft("10.0.0.1"))
                .isInstanceOfSatisfying(RateLimitExceededException.class,
                        e -> org.assertj.core.api.Assertions.assertThat(e.retryAfterSeconds()).isBetween(1L, 20L));
    }

    @Test
    void otherAddressesAreNotAffected() {
        FailedAuthenticationThrottle throttle = new FailedAuthenticationThrottle(1);
        throttle.recordFailure("10.0.0.1");
        assertThatCode(() -> throttle.requireAttemptsLeft("10.0.0.2")).doesNotThrowAnyException();
    }
}
