package com.prospectdata.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class KeyUsageRecorderTest {

    private static final class SettableClock extends Clock {
        Instant now = Instant.parse("2026-11-21T10:00:00Z");

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void aBusyKeyIsWrittenAtMostOnceAMinute() {
        ApiKeyQueries queries = mock(ApiKeyQueries.class);
        SettableClock clock = new SettableClock();
        UUID keyId = UUID.randomUUID();
        try (KeyUsageRecorder recorder = new KeyUsageRecorder(queries, clock)) {
            for (int i = 0; i < 100; i++) {
                recorder.used(keyId);
            }
            clock.now = clock.now.plus(Duration.ofSeconds(59));
            recorder.used(keyId);
            clock.now = clock.now.plus(Duration.ofSeconds(1));
            recorder.used(keyId);
        }
        verify(queries, timeout(1000).times(2)).touch(eq(keyId), any());
        assertThat(clock.now).isEqualTo(Instant.parse("2026-11-21T10:01:00Z"));
    }
}
