package com.prospectdata.features.health;

import com.prospectdata.data.database.DatabaseReachability;
import com.prospectdata.data.database.OutageLog;
import com.prospectdata.data.replicas.ReadReplicas;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.jooq.DSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Whether this instance can answer from the database, for GET /health and for the readiness probe
 * alike: the primary answers, or, while it does not (a failover), a replica in the rotation serves
 * reads (docs/SCALING.md, "High availability"), so that the balancer keeps the instance. Whether
 * the primary answers: at once
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
    private final BooleanSupplier anyReplicaServing;
    private final OutageLog outages;
    private final Clock clock;
    /** When the last check that the database answered ran, in the clock's milliseconds; 0 for none since a failure. */
    private final AtomicLong answeredAt = new AtomicLong();

    @Autowired
    DatabaseCheck(DSLContext db, DatabaseReachability reachability, ReadReplicas replicas, Clock clock, MeterRegistry meters) {
        this(db, reachability, replicas::anyReplicaServing, clock);
        Gauge.builder("api.database.primary.unreachable", reachability, r -> r.isUnreachable() ? 1 : 0)
                .description("1 while this instance cannot reach the primary: reads go to replicas in the rotation, if any")
                .register(meters);
    }

    DatabaseCheck(DSLContext db, DatabaseReachability reachability, BooleanSupplier anyReplicaServing, Clock clock) {
        this.db = db;
        this.reachability = reachability;
        this.anyReplicaServing = anyReplicaServing;
        this.clock = clock;
        this.outages = new OutageLog(log, Duration.ofMinutes(1), clock);
    }

    boolean answers() {
        return primaryAnswers() || replicaServing();
    }

    /** Whether a replica in the rotation serves reads now (none is configured: no). */
    boolean replicaServing() {
        return anyReplicaServing.getAsBoolean();
    }

    boolean primaryAnswers() {
        if (reachability.isUnreachable()) {
            return false;
        }
        long last = answeredAt.get();
        long since = clock.millis() - last;
        // A clock set back makes the last answer look younger than it is: it then stands for nothing.
        if (last != 0 && since >= 0 && since < ANSWER_HOLDS.toMillis()) {
            return true;
        }
        try {
            db.selectOne().fetch();
            answeredAt.set(Math.max(clock.millis(), 1));
            return true;
        } catch (RuntimeException e) {
            answeredAt.set(0);
            reachability.reportFailure(e);
            outages.warn("Health check failed, answering 503", e);
            return false;
        }
    }
}
