package com.prospectdata.features.companies;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.changes.*}: how long the change feed keeps its changes (docs/api-rules.md §15).
 *
 * @param retention changes older than this are removed; a cursor whose next change is gone
 *        answers 410 {@code CURSOR_EXPIRED}. The contract promises at least 30 days to partners.
 * @param pruneInterval how often the server removes expired changes
 * @param pruneBatch changes removed per statement (each its own short transaction), so that a
 *        large backlog never holds locks or one long transaction
 */
@ConfigurationProperties("app.changes")
@Validated
public record ChangeRetentionProperties(
        @DefaultValue("30d") @NotNull @DurationMin(minutes = 1) Duration retention,
        @DefaultValue("10m") @NotNull @DurationMin(seconds = 1) @DurationMax(days = 1) Duration pruneInterval,
        @DefaultValue("10000") @Min(1) @Max(1_000_000) int pruneBatch) {
}
