package com.prospectdata.data.database;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.convert.DataSizeUnit;
import org.springframework.util.unit.DataSize;
import org.springframework.util.unit.DataUnit;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.data-dir} and {@code app.embedded-postgres.*}: the embedded PostgreSQL used when no
 * {@code spring.datasource.url} is set.
 *
 * @param dataDir where the embedded PostgreSQL keeps its data ({@code postgres/}) and its
 *        superuser's password ({@code postgres.password}), and the self-signed certificate
 *        ({@code tls/})
 * @param embeddedPostgres how this process starts the embedded PostgreSQL
 */
@ConfigurationProperties("app")
@Validated
public record DatabaseProperties(
        @DefaultValue("./data") @NotNull Path dataDir,
        @DefaultValue @Valid EmbeddedPostgres embeddedPostgres) {

    /**
     * @param port the embedded PostgreSQL's port when this process starts it; 0 picks a free one
     * @param sharedBuffers PostgreSQL's buffer cache ({@code shared_buffers}) when this process starts it
     * @param durable durable commits ({@code fsync}, {@code synchronous_commit},
     *        {@code full_page_writes} on); {@code false} only for tests and benchmarks, since a
     *        crash may then lose recent commits or corrupt the database
     * @param recoveryTimeout how long {@code serve}'s attempts to start the embedded PostgreSQL
     *        again may keep failing before its liveness probe fails, so that the process is
     *        restarted (it keeps trying meanwhile, and the probe recovers with the database)
     */
    public record EmbeddedPostgres(
            @DefaultValue("0") @Min(0) @Max(65535) int port,
            @DefaultValue("128MB") @DataSizeUnit(DataUnit.MEGABYTES) @NotNull DataSize sharedBuffers,
            @DefaultValue("true") boolean durable,
            @DefaultValue("2m") @NotNull @DurationMin(seconds = 5) @DurationMax(hours = 24) Duration recoveryTimeout) {
    }
}
