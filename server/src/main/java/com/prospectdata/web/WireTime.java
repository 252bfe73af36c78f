package com.prospectdata.web;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** Timestamps on the wire: UTC, whole seconds, so they print as 2026-11-21T10:15:30Z. */
public final class WireTime {

    private WireTime() {
    }

    public static OffsetDateTime of(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC);
    }
}
