package com.prospectdata.data.replicas;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.util.List;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.replicas.*}: streaming replicas of the primary that serve the API's reads
 * (docs/SCALING.md, "Read replicas").
 *
 * @param urls the replicas' JDBC URLs, with the primary's user and password unless a URL names
 *        its own; none (the default) reads everything from the primary
 * @param maxLag a replica further behind the primary than this leaves the rotation until it has
 *        caught up; a committed write may be served this much later than without replicas
 * @param checkInterval how often each replica's state and lag are read
 */
@ConfigurationProperties("app.replicas")
@Validated
record ReplicaProperties(
        @DefaultValue @NotNull List<@NotBlank @Pattern(regexp = "jdbc:postgresql://.+",
                message = "must be a PostgreSQL JDBC URL such as jdbc:postgresql://host:5432/database") String> urls,
        @DefaultValue("5s") @NotNull @DurationMin(millis = 100) @DurationMax(minutes = 10) Duration maxLag,
        @DefaultValue("1s") @NotNull @DurationMin(millis = 100) @DurationMax(minutes = 1) Duration checkInterval) {
}
