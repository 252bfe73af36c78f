package com.prospectdata.pipeline.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.prospectdata.testing.Ranges;
import java.time.Duration;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class PatienceTest {

    @Test
    void aRequestWaitsBetweenThreeQuartersOfTheLongestWaitAndAllOfIt() {
        qt().forAll(Ranges.longs(0, 30_000_000_000L)).checkAssert(maxWaitNanos -> {
            long waited = BoundedWait.patience(Duration.ofNanos(maxWaitNanos));

            assertThat(waited).isBetween(maxWaitNanos - maxWaitNanos / 4, maxWaitNanos);
        });
    }

    @Test
    void requestsThatArriveTogetherAreNotRefusedTogether() {
        qt().withExamples(20).forAll(Ranges.longs(1_000_000, 30_000_000_000L)).checkAssert(maxWaitNanos -> {
            Duration maxWait = Duration.ofNanos(maxWaitNanos);
            long[] waits = LongStream.range(0, 256).map(i -> BoundedWait.patience(maxWait)).toArray();

            // 256 requests spread over the range: each quarter of it gets some (the chance that one
            // stays empty is below 1e-30).
            for (int quarter = 0; quarter < 4; quarter++) {
                long least = maxWaitNanos - maxWaitNanos / 4;
                long from = least + quarter * (maxWaitNanos / 16);
                long to = quarter == 3 ? maxWaitNanos : from + maxWaitNanos / 16;
                assertThat(LongStream.of(waits).filter(w -> w >= from && w <= to).count())
                        .as("waits in [%d, %d] ns", from, to).isPositive();
            }
        });
    }
}
