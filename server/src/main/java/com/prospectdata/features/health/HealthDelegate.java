package com.prospectdata.features.health;

import com.prospectdata.generated.api.HealthApiDelegate;
import com.prospectdata.generated.model.Health;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;

/** Healthy when the database answers; no key needed (docs/api-rules.md §7). */
@Service
class HealthDelegate implements HealthApiDelegate {

    static final String SERVICE_NAME = "Company Prospect Data API";

    private final DatabaseCheck database;

    HealthDelegate(DatabaseCheck database) {
        this.database = database;
    }

    @Override
    public ResponseEntity<Health> getHealth() {
        if (database.answers()) {
            return ResponseEntity.ok(new Health(SERVICE_NAME, Health.StatusEnum.HEALTHY));
        }
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).body(new Health(SERVICE_NAME, Health.StatusEnum.UNHEALTHY));
    }
}
