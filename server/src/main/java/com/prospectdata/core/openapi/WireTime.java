package com.prospectdata.core.openapi;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** Timestamps as the document writes them (docs/api-rules.md §1): UTC, whole seconds, 2026-11-21T10:15:30Z. */
public final class WireTime {

    private WireTime() {
    }

    public static OffsetDateTime of(Instant instant) {
        return instant == null ? null : instant.truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC);
    }
}
