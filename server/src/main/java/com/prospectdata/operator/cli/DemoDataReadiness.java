package com.prospectdata.operator.cli;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Part of the readiness probe ({@code demoData}, docs/OPERATIONS.md): for {@code serve --demo},
 * not ready until the demo data is loaded and the demo key issued, which happens after the web
 * server is up; without {@code --demo}, always ready. Registered by {@link SpringContexts} before
 * the context starts, so that no probe can see the server ready before the demo is.
 */
final class DemoDataReadiness implements HealthIndicator {

    private volatile boolean pending;

    DemoDataReadiness(boolean demoRequested) {
        this.pending = demoRequested;
    }

    void loaded() {
        pending = false;
    }

    @Override
    public Health health() {
        return pending ? Health.outOfService().withDetail("demo", "loading").build() : Health.up().build();
    }
}
