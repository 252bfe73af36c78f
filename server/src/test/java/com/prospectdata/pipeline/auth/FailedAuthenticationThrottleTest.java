package com.prospectdata.pipeline.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.core.errors.RateLimitExceededException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FailedAuthenticationThrottleTest {

    private static FailedAuthenticationThrottle throttleOf(int attemptsPerMinute) {
        return new FailedAuthenticationThrottle(new AuthProperties(Duration.ofSeconds(30), 10, attemptsPerMinute));
    }

    @Test
    void anAddressIsAnswered429OnceItsFailuresAreSpent() {
        FailedAuthenticationThrottle throttle = throttleOf(3);
        for (int i = 0; i < 3; i++) {
            assertThatCode(() -> throttle.recordFailure("10.0.0.1")).as("failure %d is a 401", i + 1).doesNotThrowAnyException();
        }
        assertThatThrownBy(() -> throttle.recordFailure("10.0.0.1"))
                .isInstanceOfSatisfying(RateLimitExceededException.class,
                        e -> {
                            assertThat(e.retryAfterSeconds()).isBetween(1L, 20L);
                            assertThat(e.getMessage()).isEqualTo("Too many failed authentication attempts from this address;"
                                    + " check the key you send. Retry after " + e.retryAfterSeconds() + " seconds.");
                        });
    }

    @Test
    void otherAddressesAreNotAffected() {
        FailedAuthenticationThrottle throttle = throttleOf(1);
        throttle.recordFailure("10.0.0.1");
        assertThatThrownBy(() -> throttle.recordFailure("10.0.0.1")).isInstanceOf(RateLimitExceededException.class);
        assertThatCode(() -> throttle.recordFailure("10.0.0.2")).doesNotThrowAnyException();
    }
}
