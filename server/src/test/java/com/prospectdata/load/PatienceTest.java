package com.prospectdata.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.stream.LongStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;

class PatienceTest {

    @Property
    void aRequestWaitsBetweenThreeQuartersOfTheLongestWaitAndAllOfIt(@ForAll @LongRange(min = 0, max = 30_000_000_000L) long maxWaitNanos) {
        long waited = LoadSheddingFilter.patience(Duration.ofNanos(maxWaitNanos));

        assertThat(waited).isBetween(maxWaitNanos - maxWaitNanos / 4, maxWaitNanos);
    }

    @Property(tries = 20)
    void requestsThatArriveTogetherAreNotRefusedTogether(@ForAll @LongRange(min = 1_000_000, max = 30_000_000_000L) long maxWaitNanos) {
        Duration maxWait = Duration.ofNanos(maxWaitNanos);
        long[] waits = LongStream.range(0, 256).map(i -> LoadSheddingFilter.patience(maxWait)).toArray();

        // 256 requests spread over the range: each quarter of it gets some (the chance that one
        // stays empty is below 1e-30).
        for (int quarter = 0; quarter < 4; quarter++) {
            long least = maxWaitNanos - maxWaitNanos / 4;
            long from = least + quarter * (maxWaitNanos / 16);
            long to = quarter == 3 ? maxWaitNanos : from + maxWaitNanos / 16;
            assertThat(LongStream.of(waits).filter(w -> w >= from && w <= to).count())
                    .as("waits in [%d, %d] ns", from, to).isPositive();
        }
    }
}
