package com.prospectdata.data.replicas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.lists;

import com.prospectdata.testing.Ranges;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lag a replica is judged by: against a simulated primary and replica whose true lag is
 * known at every check, it is never more than the truth and less by under one check's interval;
 * when positions are merged it may only be more.
 */
class LagTrackerTest {

    private static final long INTERVAL = 1_000;

    /** Writes committed at the given gaps after each other, each replayed after its own delay, in commit order. */
    private record History(List<Long> committed, List<Long> replayed) {

        static History of(List<Integer> gaps, List<Integer> delays) {
            List<Long> committed = new ArrayList<>();
            List<Long> replayed = new ArrayList<>();
            long time = 0;
            long lastReplay = 0;
            for (int i = 0; i < gaps.size(); i++) {
                time += gaps.get(i);
                committed.add(time);
                lastReplay = Math.max(lastReplay, time + delays.get(i % delays.size()));
                replayed.add(lastReplay);
            }
            return new History(committed, replayed);
        }

        long writtenBy(long time) {
            return committed.stream().filter(t -> t <= time).count();
        }

        long replayedBy(long time) {
            return replayed.stream().filter(t -> t <= time).count();
        }

        /** How long the oldest write not replayed at {@code time} has waited. */
        long trueLag(long time) {
            long replayedCount = replayedBy(time);
            return replayedCount < writtenBy(time) ? time - committed.get((int) replayedCount) : 0;
        }

        long end() {
            return replayed.isEmpty() ? 0 : replayed.getLast();
        }
    }

    @Test
    void theLagIsNeverMoreThanTheTruthAndLessByUnderOneInterval() {
        qt().forAll(lists().of(Ranges.integers(0, 3_000)).ofSizeBetween(1, 60),
                lists().of(Ranges.integers(0, 8_000)).ofSizeBetween(1, 10)).checkAssert((gaps, delays) -> {
            History history = History.of(gaps, delays);
            LagTracker tracker = new LagTracker(10_000);
            for (long now = 0; now <= history.end() + 2 * INTERVAL; now += INTERVAL) {
                Duration lag = tracker.observe(now, history.writtenBy(now), history.replayedBy(now));
                if (lag.equals(LagTracker.UNKNOWN)) {
                    continue;
                }
                long truth = history.trueLag(now);
                assertThat(lag.toNanos()).as("at %d (true lag %d)", now, truth)
                        .isLessThanOrEqualTo(truth)
                        .isGreaterThan(truth - INTERVAL);
            }
            assertThat(tracker.observe(history.end() + 3 * INTERVAL, history.committed().size(),
                    history.committed().size())).as("caught up").isZero();
        });
    }

    @Test
    void mergedPositionsOnlyOverstateTheLag() {
        qt().forAll(lists().of(Ranges.integers(0, 3_000)).ofSizeBetween(1, 60),
                lists().of(Ranges.integers(0, 20_000)).ofSizeBetween(1, 10),
                Ranges.integers(1, 4)).checkAssert((gaps, delays, kept) -> {
            History history = History.of(gaps, delays);
            LagTracker tracker = new LagTracker(kept);
            for (long now = 0; now <= history.end() + 2 * INTERVAL; now += INTERVAL) {
                Duration lag = tracker.observe(now, history.writtenBy(now), history.replayedBy(now));
                if (!lag.equals(LagTracker.UNKNOWN)) {
                    assertThat(lag.toNanos()).isGreaterThan(history.trueLag(now) - INTERVAL);
                }
            }
        });
    }

    @Test
    void aReplicaIsCaughtUpAtOnceWhenThePrimaryWroteNothingForLong() {
        LagTracker tracker = new LagTracker(10);
        assertThat(tracker.observe(0, 500, 500)).isZero();
        assertThat(tracker.observe(60_000_000_000L, 500, 500)).isZero();
    }

    @Test
    void aReplicaSeenBehindAtItsFirstCheckHasAnUnknownLagUntilItCatchesUp() {
        LagTracker tracker = new LagTracker(10);
        assertThat(tracker.observe(0, 900, 100)).isEqualTo(LagTracker.UNKNOWN);
        assertThat(tracker.observe(INTERVAL, 950, 800)).isEqualTo(LagTracker.UNKNOWN);
        assertThat(tracker.observe(2 * INTERVAL, 960, 920)).as("replayed what the first check saw")
                .isEqualTo(Duration.ofNanos(INTERVAL));

        tracker.reset();
        assertThat(tracker.observe(3 * INTERVAL, 990, 960)).as("after it was unreachable").isEqualTo(LagTracker.UNKNOWN);
    }

    @Test
    void positionsOnlyAFormerPrimaryWroteAreForgottenWhenANewPrimaryIsBehindThem() {
        LagTracker tracker = new LagTracker(10);
        assertThat(tracker.observe(0, 100, 100)).isZero();
        // The old primary wrote up to 150; the replica had 120 when the primary died.
        assertThat(tracker.observe(1_000, 150, 120)).isZero();
        // The promoted standby had 130: its new timeline starts there, and the replica follows it.
        assertThat(tracker.observe(5_000, 130, 130)).as("150 will never come").isZero();
        assertThat(tracker.observe(6_000, 140, 130)).isZero();
        assertThat(tracker.observe(7_500, 140, 130)).isEqualTo(Duration.ofNanos(1_500));
    }

    @Test
    void withoutComparisonsTheLagGrowsWithEveryMomentPastOneInterval() {
        Duration interval = Duration.ofSeconds(1);
        long compared = 10_000_000_000L;
        Duration measured = Duration.ofMillis(300);
        assertThat(LagTracker.since(measured, compared, compared + 400_000_000L, interval)).as("within the interval")
                .isEqualTo(measured);
        assertThat(LagTracker.since(measured, compared, compared + 1_000_000_000L, interval)).isEqualTo(measured);
        assertThat(LagTracker.since(measured, compared, compared + 3_500_000_000L, interval)).as("2.5 s past it")
                .isEqualTo(Duration.ofMillis(2_800));
        assertThat(LagTracker.since(LagTracker.UNKNOWN, compared, compared + 3_500_000_000L, interval)).isEqualTo(LagTracker.UNKNOWN);
    }
}
