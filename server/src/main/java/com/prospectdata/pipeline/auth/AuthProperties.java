package com.prospectdata.pipeline.auth;

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
 * {@code app.auth.*}: how keys are checked.
 *
 * @param cacheTtl how long a validated key is trusted without asking the database; it bounds how
 *        late a revocation, or the expiry a rotation sets, reaches an instance, and the contract
 *        promises a minute
 * @param cacheSize how many validated keys the cache keeps
 * @param failedAttemptsPerMinute failed authentications allowed per client address and minute;
 *        past that the address's failed attempts get 429 (valid keys are still served)
 */
@ConfigurationProperties("app.auth")
@Validated
record AuthProperties(
        @DefaultValue("30s") @NotNull @DurationMin(seconds = 0, message = "must not be negative")
        @DurationMax(seconds = 60, message = "must be at most 60s, so that a revoked key is refused everywhere within a minute")
        Duration cacheTtl,
        @DefaultValue("100000") @Min(1) long cacheSize,
        @DefaultValue("30") @Min(1) @Max(1_000_000) int failedAttemptsPerMinute) {
}
