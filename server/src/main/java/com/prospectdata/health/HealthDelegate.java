package com.prospectdata.health;

import com.prospectdata.generated.api.HealthApiDelegate;
import com.prospectdata.generated.model.Health;
import com.prospectdata.database.OutageLog;
import java.time.Clock;
import java.time.Duration;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;

/** Healthy when the database answers a trivial query; no key needed (docs/api-rules.md §7). */
@Service
class HealthDelegate implements HealthApiDelegate {

    static final String SERVICE_NAME = "Company Prospect Data API";
    private static final Logger log = LoggerFactory.getLogger(HealthDelegate.class);

    private final DSLContext db;
    private final OutageLog outages;

    HealthDelegate(DSLContext db, Clock clock) {
        this.db = db;
        this.outages = new OutageLog(log, Duration.ofMinutes(1), clock);
    }

    @Override
    public ResponseEntity<Health> getHealth() {
        try {
            db.selectOne().fetch();
            return ResponseEntity.ok(new Health(SERVICE_NAME, Health.StatusEnum.HEALTHY));
        } catch (RuntimeException e) {
            outages.warn("Health check failed, answering 503", e);
            return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                    .body(new Health(SERVICE_NAME, Health.StatusEnum.UNHEALTHY));
        }
    }
}
