package com.prospectdata.features.health;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The readiness probe's {@code db} component (docs/OPERATIONS.md, "Probes"), in place of Spring
 * Boot's own, which would wait the pool's connection timeout during an outage and log a stack
 * trace at every check.
 */
@Component("dbHealthIndicator")
class DatabaseReadiness implements HealthIndicator {

    private final DatabaseCheck database;

    DatabaseReadiness(DatabaseCheck database) {
        this.database = database;
    }

    @Override
    public Health health() {
        if (database.primaryAnswers()) {
            return Health.up().build();
        }
        // Not answers(): the primary was just asked, and a failed check is not held.
        return database.replicaServing() ? Health.up().withDetail("database", "primary unreachable; reads from replicas").build()
                : Health.down().withDetail("database", "unreachable").build();
    }
}
