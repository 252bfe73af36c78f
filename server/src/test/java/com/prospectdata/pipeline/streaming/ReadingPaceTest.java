package com.prospectdata.pipeline.streaming;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A window of the client's time at the floor passes, one below it fails; nothing but the client's time counts. */
class ReadingPaceTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @Test
    void aClientAtTheFloorPassesWindowAfterWindow() {
        ReadingPace pace = new ReadingPace(64 * 1024, Duration.ofSeconds(60));
        assertThatCode(() -> {
            for (int second = 0; second < 600; second++) {
                pace.took(64 * 1024, SECOND);
            }
        }).doesNotThrowAnyException();
    }

    @Test
    void aPauseWithinAWindowIsMadeUpByTheRestOfIt() {
        ReadingPace pace = new ReadingPace(64 * 1024, Duration.ofSeconds(60));
        assertThatCode(() -> {
            pace.took(0, 30 * SECOND);
            pace.took(64L * 1024 * 60, 30 * SECOND);
        }).doesNotThrowAnyException();
    }

    @Test
    void aClientBelowTheFloorOverAWindowIsTooSlow() throws ClientTooSlow {
        ReadingPace pace = new ReadingPace(64 * 1024, Duration.ofSeconds(60));
        for (int step = 0; step < 19; step++) {
            pace.took(8 * 1024, 3 * SECOND);
        }
        assertThatThrownBy(() -> pace.took(8 * 1024, 3 * SECOND)).isInstanceOf(ClientTooSlow.class)
                .hasMessageContaining("less than 65,536 bytes/s");
    }

    @Test
    void noFloorMeansNoRule() {
        ReadingPace pace = new ReadingPace(0, Duration.ofSeconds(1));
        assertThatCode(() -> pace.took(0, 3600 * SECOND)).doesNotThrowAnyException();
    }
}
