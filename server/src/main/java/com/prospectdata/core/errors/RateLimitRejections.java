package com.prospectdata.core.errors;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The one meter of 429s, {@code api.rate_limit.rejections{limit, tier}}: {@code limit} is
 * {@code key} (the key's hourly bucket) or {@code failed_attempts} (the client address's throttle,
 * tier {@code none}). Both steps that answer 429 register it here, so the tags stay the same set,
 * as Prometheus requires of one name.
 */
public final class RateLimitRejections {

    private RateLimitRejections() {
    }

    public static Counter counter(MeterRegistry meters, String limit, String tier) {
        return Counter.builder("api.rate_limit.rejections")
                .description("Requests answered 429, by the limit they hit and the key's tier")
                .tag("limit", limit)
                .tag("tier", tier)
                .register(meters);
    }
}
