package com.prospectdata.features.summaries;

import com.prospectdata.generated.model.ActivityStrength;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The specification's hiring-activity rule: jobs per month over a window of days, and the
 * strength level read from the unrounded value (docs/api-rules.md §4).
 */
public record HiringActivity(double velocityPerMonth, ActivityStrength strength) {

    public static final int DAYS_PER_MONTH = 30;

    public static HiringActivity of(long jobsInWindow, int daysBack) {
        double velocity = (double) jobsInWindow / daysBack * DAYS_PER_MONTH;
        return new HiringActivity(velocity, strengthOf(velocity));
    }

    static ActivityStrength strengthOf(double jobsPerMonth) {
        if (jobsPerMonth >= 3.0) {
            return ActivityStrength.STRONG;
        }
        if (jobsPerMonth >= 1.5) {
            return ActivityStrength.MODERATE;
        }
        if (jobsPerMonth >= 0.5) {
            return ActivityStrength.LIGHT;
        }
        return ActivityStrength.NONE;
    }

    /** The velocity as sent: rounded half-up to 2 decimals. */
    public double roundedVelocity() {
        return BigDecimal.valueOf(velocityPerMonth).setScale(2, RoundingMode.HALF_UP).doubleValue();
    }
}
