package com.prospectdata.pipeline.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.SettableClock;
import io.github.bucket4j.ConsumptionProbe;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The shared store when Redis cannot be reached: requests go on, counted locally, and it says so. */
class RedisRateLimitStoreTest {

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-27T12:00:00Z"));

    /** A loopback port nothing listens on: a connection to it is refused at once. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    void withRedisUnreachableRequestsAreCountedLocallyForTheWholeOutage() throws IOException {
        try (RedisRateLimitStore store = new RedisRateLimitStore("redis://127.0.0.1:" + closedPort(),
                Duration.ofMillis(500), clock)) {
            assertThat(store.countingLocally()).as("before any request").isFalse();

            ConsumptionProbe first = store.tryConsume("key-a", 100, 1);
            assertThat(first.isConsumed()).isTrue();
            assertThat(first.getRemainingTokens()).isEqualTo(99);
            assertThat(store.countingLocally()).as("after a failed command").isTrue();

            // Past the pause before Redis is tried again, and with no request meanwhile: still down.
            clock.advance(Duration.ofMinutes(2));
            assertThat(store.countingLocally()).as("between retries, Redis still unreachable").isTrue();

            ConsumptionProbe retried = store.tryConsume("key-a", 100, 1);
            assertThat(retried.getRemainingTokens()).as("the same local bucket").isEqualTo(98);
            assertThat(store.countingLocally()).isTrue();
        }
    }
}
