package com.prospectdata.pipeline.streaming;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.convert.DataSizeUnit;
import org.springframework.util.unit.DataSize;
import org.springframework.util.unit.DataUnit;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.streaming.*}: the spool between a streamed answer's writer and its client
 * ({@link Spool}; docs/api-rules.md §14).
 *
 * @param spoolDirectory where the spools' files go, a directory of its own per answer, removed
 *        when the answer ends; not set (the default): the JVM's {@code java.io.tmpdir}
 * @param spoolAhead the most bytes of one answer kept on disk ahead of its client: its writer
 *        waits beyond it, and an export's snapshot with it, so only an export whose spooled
 *        bytes (gzipped when its client accepts gzip) exceed it keeps its snapshot while a slow
 *        client reads; the disk an answer takes is at most this plus one segment of the spool
 * @param minRate the least a client must take of an answer that waits for it, per second,
 *        averaged over each {@code rateWindow} of the time the answer spends waiting for it;
 *        a client that takes less is cut (an export slot is not held by a client that takes
 *        hours to read); 0 turns the rule off
 * @param rateWindow the time over which {@code minRate} is averaged: a client may pause, or
 *        slow down, for part of it
 */
@ConfigurationProperties("app.streaming")
@Validated
public record StreamingProperties(
        @Nullable String spoolDirectory,
        @DefaultValue("1GB") @DataSizeUnit(DataUnit.MEGABYTES) @NotNull DataSize spoolAhead,
        @DefaultValue("64KB") @DataSizeUnit(DataUnit.KILOBYTES) @NotNull DataSize minRate,
        @DefaultValue("60s") @NotNull @DurationMin(seconds = 1) @DurationMax(hours = 1) Duration rateWindow) {

    @AssertTrue(message = "app.streaming.min-rate must be between 0 (no floor) and 100MB")
    public boolean isMinRateWithinBounds() {
        return minRate == null || (!minRate.isNegative() && minRate.compareTo(DataSize.ofMegabytes(100)) <= 0);
    }

    @AssertTrue(message = "app.streaming.spool-ahead must be between 1MB and 1TB")
    public boolean isSpoolAheadWithinBounds() {
        return spoolAhead == null
                || (spoolAhead.compareTo(DataSize.ofMegabytes(1)) >= 0 && spoolAhead.compareTo(DataSize.ofTerabytes(1)) <= 0);
    }

    /** The directory the spools go in. */
    Path directory() {
        return Path.of(spoolDirectory == null || spoolDirectory.isBlank() ? System.getProperty("java.io.tmpdir") : spoolDirectory);
    }
}
