package com.prospectdata.data.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.prospectdata.testing.Ranges;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The restarts of the embedded PostgreSQL: at once, then half a second later, each wait twice the
 * one before and never over 2 s; and the liveness rule, that the process cannot recover by
 * itself only once its attempts have kept failing for the recovery timeout.
 */
class RestartScheduleTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void theFirstAttemptComesAtOnceThenHalfASecondDoublingToTwoSeconds() {
        RestartSchedule schedule = new RestartSchedule(Duration.ofMinutes(2));
        long now = 123 * SECOND;
        assertThat(schedule.due(now)).isTrue();
        List<Long> waits = new ArrayList<>();
        for (int attempt = 0; attempt < 7; attempt++) {
            Duration wait = schedule.attempted(now, false);
            waits.add(wait.toMillis());
            assertThat(schedule.due(now + wait.toNanos() - 1)).as("not before its wait").isFalse();
            now += wait.toNanos();
            assertThat(schedule.due(now)).isTrue();
        }
        assertThat(waits).containsExactly(500L, 1_000L, 2_000L, 2_000L, 2_000L, 2_000L, 2_000L);
        assertThat(schedule.attempts()).isEqualTo(7);
    }

    @Test
    void waitsNeverShrinkAndNeverExceedTheLongest() {
        qt().forAll(Ranges.integers(1, 10_000)).checkAssert(attempt -> {
            Duration wait = RestartSchedule.waitAfter(attempt);
            assertThat(wait).isBetween(RestartSchedule.FIRST_WAIT, RestartSchedule.LONGEST_WAIT);
            assertThat(RestartSchedule.waitAfter(attempt + 1)).isGreaterThanOrEqualTo(wait);
        });
    }

    @Test
    void theProcessCannotRecoverOnlyOnceAttemptsHaveFailedForTheWholeTimeout() {
        qt().forAll(Ranges.longs(5, 3_600), Ranges.longs(-1_000_000_000L, 1_000_000_000L))
                .checkAssert((timeoutSeconds, start) -> {
                    RestartSchedule schedule = new RestartSchedule(Duration.ofSeconds(timeoutSeconds));
                    long timeout = timeoutSeconds * SECOND;
                    long now = start;
                    assertThat(schedule.cannotRecover(now + 10 * timeout)).as("no attempt yet").isFalse();
                    long firstFailure = now;
                    while (now - firstFailure < timeout + 10 * SECOND) {
                        assertThat(schedule.cannotRecover(now)).as("%d ns after the first failure", now - firstFailure)
                                .isEqualTo(now - firstFailure >= timeout);
                        now += schedule.attempted(now, false).toNanos();
                    }
                    assertThat(schedule.cannotRecover(now)).isTrue();

                    schedule.recovered();
                    assertThat(schedule.cannotRecover(now)).as("the database answers again").isFalse();
                    assertThat(schedule.due(now)).as("the next outage starts at once").isTrue();
                    assertThat(schedule.inOutage()).isFalse();
                });
    }

    @Test
    void attemptsThatStartTheServerNeverCountAsFailing() {
        RestartSchedule schedule = new RestartSchedule(Duration.ofSeconds(5));
        long now = 0;
        for (int attempt = 0; attempt < 20; attempt++) {
            now += schedule.attempted(now, true).toNanos();
        }
        assertThat(schedule.cannotRecover(now)).isFalse();

        long firstFailure = now;
        now += schedule.attempted(now, false).toNanos();
        now += schedule.attempted(now, true).toNanos();
        assertThat(schedule.cannotRecover(firstFailure + 5 * SECOND))
                .as("failing since the first failure of the outage, until it answers again").isTrue();
    }
}
