package com.prospectdata.pipeline.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import com.prospectdata.testing.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class KeyUsageRecorderTest {

    @Test
    void aBusyKeyIsWrittenAtMostOnceAMinute() {
        ApiKeyQueries queries = mock(ApiKeyQueries.class);
        SettableClock clock = new SettableClock(Instant.parse("2026-11-21T10:00:00Z"));
        UUID keyId = UUID.randomUUID();
        try (KeyUsageRecorder recorder = new KeyUsageRecorder(queries, clock)) {
            for (int i = 0; i < 100; i++) {
                recorder.used(keyId);
            }
            clock.advance(Duration.ofSeconds(59));
            recorder.used(keyId);
            clock.advance(Duration.ofSeconds(1));
            recorder.used(keyId);
        }
        verify(queries, timeout(1000).times(2)).touch(eq(keyId), any());
        assertThat(clock.instant()).isEqualTo(Instant.parse("2026-11-21T10:01:00Z"));
    }
}
