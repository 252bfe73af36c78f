package com.prospectdata.pipeline.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LoadPropertiesTest {

    /** The defaults, but for the heavy and list slots. */
    private static LoadProperties withConcurrency(int heavy, int list) {
        return new LoadProperties(heavy, list, 64, 2, Duration.ofSeconds(1), 1000, 50, Duration.ofSeconds(10),
                Duration.ofSeconds(2), Duration.ofSeconds(2));
    }

    private static LoadProperties withHeavyConcurrency(int value) {
        return withConcurrency(value, 0);
    }

    private static LoadProperties withListConcurrency(int value) {
        return withConcurrency(0, value);
    }

    @Test
    void zeroMeansHalfTheProcessorsAndNeverNone() {
        int processors = Runtime.getRuntime().availableProcessors();
        assertThat(withHeavyConcurrency(0).effectiveHeavyConcurrency()).isEqualTo(Math.max(1, processors / 2))
                .isPositive().isLessThanOrEqualTo(Math.max(1, processors));
    }

    @Test
    void aNumberSetIsTakenAsItIs() {
        assertThat(withHeavyConcurrency(1).effectiveHeavyConcurrency()).isEqualTo(1);
        assertThat(withHeavyConcurrency(12).effectiveHeavyConcurrency()).isEqualTo(12);
    }

    @Test
    void listSlotsAreTwiceTheProcessorsUnlessSet() {
        assertThat(withListConcurrency(0).effectiveListConcurrency())
                .isEqualTo(2 * Runtime.getRuntime().availableProcessors());
        assertThat(withListConcurrency(1).effectiveListConcurrency()).isEqualTo(1);
        assertThat(withListConcurrency(40).effectiveListConcurrency()).isEqualTo(40);
    }
}
