package com.prospectdata.features.health;

import com.prospectdata.data.database.DatabaseReachability;
import com.prospectdata.data.database.OutageLog;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Whether the database answers, for GET /health and for the readiness probe alike: at once
 * "no" while it is known to be unreachable, else a trivial query through the pool, whose "yes"
 * holds for {@link #ANSWER_HOLDS} (docs/OPERATIONS.md, "Probes"). So a balancer or a monitor
 * polling {@code /health} many times a second costs PostgreSQL at most one statement a second per
 * instance, and the request path of {@code /health} is priced without a database round trip
 * (bench/notes/performance.md, "Fixed costs per request"). An outage is still seen within that
 * second: the first statement that loses its connection anywhere marks the database unreachable
 * at once, and a failed check forgets the last "yes". A failure is logged once per minute, never
 * with a stack trace per check.
 */
@Component
class DatabaseCheck {

    /** How long a check that the database answered stands for the next ones. */
    static final Duration ANSWER_HOLDS = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(DatabaseCheck.class);

    private final DSLContext db;
    private final DatabaseReachability reachability;
    private final OutageLog outages;
    /** {@link System#nanoTime()} of the last check that the database answered, 0 for none since a failure. */
    private final AtomicLong answeredAt = new AtomicLong();

    DatabaseCheck(DSLContext db, DatabaseReachability reachability, Clock clock) {
        this.db = db;
        this.reachability = reachability;
        this.outages = new OutageLog(log, Duration.ofMinutes(1), clock);
    }

    boolean answers() {
        if (reachability.isUnreachable()) {
            return false;
        }
        long last = answeredAt.get();
        if (last != 0 && System.nanoTime() - last < ANSWER_HOLDS.toNanos()) {
            return true;
        }
        try {
            db.selectOne().fetch();
            answeredAt.set(System.nanoTime() | 1);
            return true;
        } catch (RuntimeException e) {
            answeredAt.set(0);
            reachability.reportFailure(e);
            outages.warn("Health check failed, answering 503", e);
            return false;
        }
    }
}
