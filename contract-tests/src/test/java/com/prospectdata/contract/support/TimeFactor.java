package com.prospectdata.contract.support;

import java.time.Duration;

/**
 * The one knob for a slower machine: {@code -Dcontract.time-factor=N} (default 1) multiplies the
 * tolerances of the tests' waits, never the rule a test checks. A wait for something the product
 * promises within a bound is {@link #within(Duration, Duration) the rule plus a tolerance}; a wait
 * for something with no promised bound (a process started, a failover over) is a
 * {@link #tolerance(Duration) tolerance} alone. The tolerances are generous on purpose: a test
 * that needs them shows the product failing, not the machine being busy.
 */
public final class TimeFactor {

    private static final double FACTOR = parse(System.getProperty("contract.time-factor", "1"));

    private TimeFactor() {
    }

    private static double parse(String value) {
        double factor;
        try {
            factor = Double.parseDouble(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("contract.time-factor is not a number: " + value, e);
        }
        if (!(factor >= 1)) {
            throw new IllegalArgumentException("contract.time-factor must be 1 or more, not " + value);
        }
        return factor;
    }

    /** The factor in force. */
    public static double factor() {
        return FACTOR;
    }

    /** A tolerance: {@code generous} times the factor. */
    public static Duration tolerance(Duration generous) {
        return Duration.ofMillis(Math.round(generous.toMillis() * FACTOR));
    }

    /** The bound of an eventuality the product promises: its {@code rule} as written, plus a scaled tolerance. */
    public static Duration within(Duration rule, Duration tolerance) {
        return rule.plus(tolerance(tolerance));
    }
}
