package com.prospectdata.features.summaries;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.generated.model.ActivityStrength;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HiringActivityTest {

    @ParameterizedTest(name = "{0} jobs per month is {1}")
    @CsvSource({
            "100.0, STRONG",
            "3.0, STRONG",
            "2.9999, MODERATE",
            "1.5, MODERATE",
            "1.4999, LIGHT",
            "0.5, LIGHT",
            "0.4999, NONE",
            "0.0, NONE"
    })
    void strengthThresholdsAreInclusiveAtTheLowerBound(double jobsPerMonth, ActivityStrength expected) {
        assertThat(HiringActivity.strengthOf(jobsPerMonth)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} jobs in {1} days: {2} per month, {3}")
    @CsvSource({
            "15, 30, 15.0, STRONG",
            "3, 30, 3.0, STRONG",
            "2, 30, 2.0, MODERATE",
            "1, 30, 1.0, LIGHT",
            "0, 30, 0.0, NONE",
            "1, 365, 0.08, NONE",
            "9, 90, 3.0, STRONG",
            "1, 7, 4.29, STRONG",
            "2, 3, 20.0, STRONG",
            // The strength comes from the unrounded velocity, the shown value is rounded:
            // 6 / 361 * 30 = 0.4986... is shown as 0.50 and is still below LIGHT;
            "6, 361, 0.5, NONE",
            // 18 / 361 * 30 = 1.4958... is shown as 1.50 and is still LIGHT;
            "18, 361, 1.5, LIGHT",
            // 36 / 361 * 30 = 2.9916... is shown as 2.99, MODERATE.
            "36, 361, 2.99, MODERATE"
    })
    void velocityIsJobsPerDayTimesThirty(long jobs, int daysBack, double rounded, ActivityStrength strength) {
        HiringActivity activity = HiringActivity.of(jobs, daysBack);
        assertThat(activity.roundedVelocity()).isEqualTo(rounded);
        assertThat(activity.strength()).isEqualTo(strength);
    }
}
