package com.prospectdata.pipeline.auth;

import java.util.UUID;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code app.environment} and {@code app.benchmark.*}.
 *
 * @param environment the key environment this deployment serves, {@code live} or {@code test};
 *        keys of the other environment get 401. Unset: {@code test} on the embedded database,
 *        {@code live} on a real one
 * @param benchmark settings for bench/ only
 */
@ConfigurationProperties("app")
record EnvironmentProperties(DeploymentEnvironment environment, Benchmark benchmark) {

    public EnvironmentProperties {
        benchmark = benchmark == null ? new Benchmark(null) : benchmark;
    }

    /**
     * @param unauthenticatedOrganization switches key checks off, every request acting for this
     *        organization, so that bench/auth-overhead can measure what authentication costs;
     *        refused on a live deployment
     */
    public record Benchmark(UUID unauthenticatedOrganization) {
    }
}
