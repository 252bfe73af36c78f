package com.prospectdata.pipeline;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The plans a key can be issued for. Enterprise keys carry their own hourly limit. */
public enum Tier {
    FREE(100), PRO(1_000), ENTERPRISE(null);

    private final Integer hourlyLimit;

    Tier(Integer hourlyLimit) {
        this.hourlyLimit = hourlyLimit;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The plan's hourly limit, or null for enterprise, whose limit is set per key. */
    public Integer defaultHourlyLimit() {
        return hourlyLimit;
    }

    public static Tier fromWireName(String value) {
        for (Tier tier : values()) {
            if (tier.wireName().equals(value)) {
                return tier;
            }
        }
        throw new IllegalArgumentException("tier must be one of " + Arrays.stream(values())
                .map(Tier::wireName).collect(Collectors.joining(", ")) + ", not '" + value + "'");
    }
}
