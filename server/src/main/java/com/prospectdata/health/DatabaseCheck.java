package com.prospectdata.health;

import com.prospectdata.database.DatabaseReachability;
import com.prospectdata.database.OutageLog;
import java.time.Clock;
import java.time.Duration;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Whether the database answers, for GET /health and for the readiness probe alike: at once
 * "no" while it is known to be unreachable, else a trivial query through the pool. A failure is
 * logged once per minute, never with a stack trace per check.
 */
@Component
class DatabaseCheck {

    private static final Logger log = LoggerFactory.getLogger(DatabaseCheck.class);

    private final DSLContext db;
    private final DatabaseReachability reachability;
    private final OutageLog outages;

    DatabaseCheck(DSLContext db, DatabaseReachability reachability, Clock clock) {
        this.db = db;
        this.reachability = reachability;
        this.outages = new OutageLog(log, Duration.ofMinutes(1), clock);
    }

    boolean answers() {
        if (reachability.isUnreachable()) {
            return false;
        }
        try {
            db.selectOne().fetch();
            return true;
        } catch (RuntimeException e) {
            reachability.reportFailure(e);
            outages.warn("Health check failed, answering 503", e);
            return false;
        }
    }
}
