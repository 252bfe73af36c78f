package com.prospectdata.data.dataversion;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.data-version.*}: how the server learns of writes (docs/api-rules.md §1,
 * "Validators and freshness").
 *
 * @param pollInterval how often the server reads every organization's data version: one
 *        statement on a table of one row per organization
 * @param maxAge the longest after a write commits that an answer may still reflect the data
 *        before it: versions read longer ago than this are not used, and requests run their
 *        queries as if there were no version; at most 1 s, as the contract promises
 */
@ConfigurationProperties("app.data-version")
@Validated
public record DataVersionProperties(
        @DefaultValue("250ms") @NotNull @DurationMin(millis = 10) @DurationMax(seconds = 10) Duration pollInterval,
        @DefaultValue("1s") @NotNull @DurationMin(millis = 50) @DurationMax(seconds = 1) Duration maxAge) {

    @AssertTrue(message = "app.data-version.max-age must be longer than app.data-version.poll-interval")
    public boolean isMaxAgeLongerThanPollInterval() {
        return pollInterval == null || maxAge == null || maxAge.compareTo(pollInterval) > 0;
    }
}
