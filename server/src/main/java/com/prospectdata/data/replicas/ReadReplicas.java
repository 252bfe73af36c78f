package com.prospectdata.data.replicas;

import static org.jooq.impl.DSL.function;
import static org.jooq.impl.DSL.inline;

import com.prospectdata.data.database.CancelSignal;
import com.prospectdata.data.database.DatabaseFailures;
import com.prospectdata.data.database.StatementDeadline;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.metrics.micrometer.MicrometerMetricsTrackerFactory;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.jooq.ConnectionProvider;
import org.jooq.DSLContext;
import org.jooq.ExecuteContext;
import org.jooq.ExecuteListener;
import org.jooq.Field;
import org.jooq.Record2;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DSL;
import org.jooq.impl.DataSourceConnectionProvider;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationContext;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;
import org.springframework.web.context.WebApplicationContext;

/**
 * Where the API's reads run (docs/SCALING.md, "Read replicas"): on a replica in the rotation,
 * chosen per request in turn ({@link #choose}), or on the primary when none is. One request reads
 * from one place throughout, so the data version it reads and the data it reads agree: a replica
 * at version N of an organization has replayed every write up to N, in the order the primary
 * committed them. Whoever reads for a request keeps its choice for the whole request: this class
 * knows places, not requests.
 *
 * <p>A replica is in the rotation while it answers, is a standby, and is no further behind than
 * {@code app.replicas.max-lag}; it is checked every {@code app.replicas.check-interval} (on the
 * background loops' scheduler, first at start) and leaves at once when a connection to it is
 * lost. While the primary does not answer (a failover), the replicas keep serving for as long as
 * their lag can still be within that bound. Writes use the primary's {@link DSLContext} and
 * never come here; key lookups come only while the primary does not answer
 * ({@link #stalenessBound}). The operator commands read the primary: they run beside the writes
 * they make.
 */
@Component
public class ReadReplicas implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ReadReplicas.class);

    /**
     * A place reads can run, the primary or one replica, with the {@link DSLContext} of its
     * statements. A place is its name: the same place with a deadline on its statements
     * ({@link #until}) is the same place.
     */
    public static final class ReadSource {

        private final String name;
        private final DSLContext db;

        public ReadSource(String name, DSLContext db) {
            this.name = name;
            this.db = db;
        }

        public String name() {
            return name;
        }

        /**
         * Statements at this place. At a replica, a statement that gets no connection fails with
         * {@link ReplicaUnavailableException} before it runs, and one the replica fails part way
         * is answered 503 as a lost database's (see {@code LostReplicaListener}).
         */
        public DSLContext db() {
            return db;
        }

        /** This place, each of its statements given only the time left until {@code deadlineNanos}. */
        public ReadSource until(long deadlineNanos) {
            return new ReadSource(name, StatementDeadline.bind(db, deadlineNanos));
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ReadSource source && source.name.equals(name);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private final ReplicaProperties settings;
    private final TaskScheduler scheduler;
    private final ReadSource primary;
    private final List<Replica> replicas;
    private final AtomicInteger turn = new AtomicInteger();
    private volatile List<Replica> inRotation = List.of();
    private volatile @Nullable ScheduledFuture<?> checker;

    public ReadReplicas(DSLContext db, DataSource primaryPool, ReplicaProperties settings, ApplicationContext context,
                        TaskScheduler scheduler, MeterRegistry meters) throws SQLException {
        this.settings = settings;
        this.scheduler = scheduler;
        this.primary = new ReadSource("primary", db);
        List<Replica> configured = new ArrayList<>();
        if (context instanceof WebApplicationContext) {
            HikariDataSource primaryConfig = primaryPool.unwrap(HikariDataSource.class);
            for (int i = 0; i < settings.urls().size(); i++) {
                configured.add(new Replica("replica-" + (i + 1), pool("replica-" + (i + 1), settings.urls().get(i),
                        primaryConfig, meters), db, settings));
            }
        }
        this.replicas = List.copyOf(configured);
        Gauge.builder("api.replicas.configured", replicas, List::size)
                .description("Replicas configured (app.replicas.urls)")
                .register(meters);
        Gauge.builder("api.replicas.in_rotation", this, r -> r.inRotation.size())
                .description("Replicas serving reads now; 0 with replicas configured means every read runs on the primary")
                .register(meters);
        for (Replica replica : replicas) {
            Gauge.builder("api.replicas.lag", replica, r -> r.lagSeconds)
                    .description("How far the replica was behind the primary at its last check; NaN while it cannot be checked")
                    .baseUnit("seconds")
                    .tag("replica", replica.source.name())
                    .register(meters);
        }
    }

    /** The primary: where writes go, and reads when no replica serves. */
    public ReadSource primary() {
        return primary;
    }

    /** The place in turn for a request's first read: the next replica in the rotation, else the primary. */
    public ReadSource choose() {
        List<Replica> candidates = inRotation;
        if (candidates.isEmpty()) {
            return primary;
        }
        return candidates.get(Math.floorMod(turn.getAndIncrement(), candidates.size())).source;
    }

    /** A replica in the rotation, in turn; empty when none is. */
    public Optional<ReadSource> replica() {
        ReadSource chosen = choose();
        return chosen.equals(primary) ? Optional.empty() : Optional.of(chosen);
    }

    /** Whether some replica serves reads now, whatever the primary's state. */
    public boolean anyReplicaServing() {
        return !inRotation.isEmpty();
    }

    /**
     * How far behind the primary a replica in the rotation can be, at most: {@code max-lag}, plus
     * one check interval by which the measured lag may fall short of the true one, plus one by
     * which the last check may be old. Whatever a replica in the rotation says now was true at
     * the primary this long ago.
     */
    public Duration stalenessBound() {
        return settings.maxLag().plus(settings.checkInterval().multipliedBy(2));
    }

    /** The primary, then every replica in the rotation now: the places whose data versions matter. */
    public List<ReadSource> sources() {
        List<ReadSource> sources = new ArrayList<>(List.of(primary));
        inRotation.forEach(replica -> sources.add(replica.source));
        return sources;
    }

    /**
     * Learns from a failure on {@code source}: a replica whose connection is lost leaves the
     * rotation until a check finds it back. Failures on the primary are the primary's business.
     */
    public void reportFailure(ReadSource source, Throwable failure) {
        for (Replica replica : replicas) {
            if (replica.source.equals(source) && DatabaseFailures.isConnectionLost(failure)) {
                replica.lost(failure);
                updateRotation();
            }
        }
    }

    private void updateRotation() {
        long now = System.nanoTime();
        inRotation = replicas.stream().filter(replica -> replica.isInRotation(now)).toList();
    }

    private static HikariDataSource pool(String name, String url, HikariDataSource primary, MeterRegistry meters) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(name);
        config.setJdbcUrl(url);
        config.setUsername(primary.getUsername());
        config.setPassword(primary.getPassword());
        config.setMaximumPoolSize(primary.getMaximumPoolSize());
        // A replica that is down leaves the rotation at its first refused connection; a busy one
        // hands the request to the primary after this long rather than the primary's full wait.
        config.setConnectionTimeout(Math.min(primary.getConnectionTimeout(), 1000));
        config.setReadOnly(true);
        // A replica down at start-up is not a reason not to start: it joins when it answers.
        config.setInitializationFailTimeout(-1);
        config.setMetricsTrackerFactory(new MicrometerMetricsTrackerFactory(meters));
        CancelSignal.bound(config);
        return new HikariDataSource(config);
    }

    /**
     * A replica's connections for statements. One it cannot give is reported (a lost replica
     * leaves the rotation) and said with {@link ReplicaUnavailableException}, before anything
     * ran on it, so that the request can read at the primary instead.
     */
    private final class ReplicaConnections implements ConnectionProvider {

        private final Replica replica;

        ReplicaConnections(Replica replica) {
            this.replica = replica;
        }

        @Override
        public Connection acquire() {
            try {
                return replica.pool.getConnection();
            } catch (SQLException e) {
                reportFailure(replica.source, e);
                throw new ReplicaUnavailableException(replica.source.name(), e);
            }
        }

        @Override
        public void release(Connection connection) {
            try {
                connection.close();
            } catch (SQLException e) {
                throw new DataAccessException("Could not return a connection to " + replica.source.name() + "'s pool", e);
            }
        }
    }

    /**
     * A statement whose replica went away mid-request, or that the replica cancelled because it
     * conflicted with replaying the primary's writes (SQLSTATE class 40): the request is answered
     * 503 as one whose database could not be reached, and may be retried, without the failure
     * being taken for the primary's (whose reachability check would refuse every request). A
     * lost replica also leaves the rotation.
     */
    private final class LostReplicaListener implements ExecuteListener {

        private final Replica replica;

        LostReplicaListener(Replica replica) {
            this.replica = replica;
        }

        @Override
        public void exception(ExecuteContext context) {
            RuntimeException failure = context.exception();
            if (failure instanceof ReplicaUnavailableException) {
                return; // nothing ran on the replica: the request reads at the primary instead
            }
            boolean lost = failure != null && DatabaseFailures.isConnectionLost(failure);
            boolean conflict = context.sqlException() != null && context.sqlException().getSQLState() != null
                    && context.sqlException().getSQLState().startsWith("40");
            if (!lost && !conflict) {
                return;
            }
            if (lost) {
                reportFailure(replica.source, failure);
            }
            String reason = replica.source.name() + (lost ? " was lost during the request"
                    : " cancelled the statement: " + context.sqlException().getMessage());
            context.exception(new DataAccessException(reason, new SQLTransientConnectionException(reason)));
        }
    }

    private enum State { NOT_CHECKED, SERVING, BEHIND, NOT_A_STANDBY, UNREACHABLE }

    /** One replica: its pool, its state at the last check, its lag. */
    private final class Replica {

        private final ReadSource source;
        private final HikariDataSource pool;
        /** The checks' own statements, outside the request path's handling of failures. */
        private final DSLContext checks;
        private final DSLContext primaryDb;
        private final LagTracker lag;
        private volatile boolean answering;
        private volatile boolean standby;
        /** Unknown until a check has compared it with the primary, and again once it was lost. */
        private volatile Duration lastLag = LagTracker.UNKNOWN;
        /** {@link System#nanoTime()} of the last check that compared it with the primary. */
        private volatile long comparedAtNanos = System.nanoTime();
        private volatile double lagSeconds = Double.NaN;
        private volatile State state = State.NOT_CHECKED;

        Replica(String name, HikariDataSource pool, DSLContext primaryDb, ReplicaProperties settings) {
            this.pool = pool;
            this.primaryDb = primaryDb;
            this.checks = DSL.using(primaryDb.configuration().derive(new DataSourceConnectionProvider(pool)));
            this.source = new ReadSource(name, DSL.using(primaryDb.configuration()
                    .derive(new ReplicaConnections(this))
                    .deriveAppending(new LostReplicaListener(this))));
            this.lag = new LagTracker((int) (settings.maxLag().toMillis() / settings.checkInterval().toMillis()) + 2);
        }

        /**
         * In the rotation while it answers as a standby within {@code max-lag}. While the primary
         * cannot be asked, the lag grows by the time since it last could, beyond one check's
         * interval: a replica is never taken for closer than it can be shown to be, so one that
         * stopped replaying during a primary outage (or a network split from it) leaves the
         * rotation within {@code max-lag} as well.
         */
        boolean isInRotation(long nowNanos) {
            return answering && standby && lagAt(nowNanos).compareTo(settings.maxLag()) <= 0;
        }

        private Duration lagAt(long nowNanos) {
            return LagTracker.since(lastLag, comparedAtNanos, nowNanos, settings.checkInterval());
        }

        void check() {
            Field<BigDecimal> primaryWal = walBytes(function("pg_current_wal_lsn", Object.class));
            Field<BigDecimal> replayedWal = walBytes(function("pg_last_wal_replay_lsn", Object.class));
            Field<Boolean> inRecovery = function("pg_is_in_recovery", Boolean.class);
            Long primaryAt;
            try {
                primaryAt = primaryDb.select(primaryWal).fetchSingle(primaryWal).longValue();
            } catch (RuntimeException e) {
                primaryAt = null; // the primary's outage is answered elsewhere; the replica is still checked
            }
            try {
                Record2<Boolean, BigDecimal> found = checks.select(inRecovery, replayedWal).fetchSingle();
                long now = System.nanoTime();
                answering = true;
                standby = Boolean.TRUE.equals(found.value1()) && found.value2() != null;
                if (standby && primaryAt != null) {
                    lastLag = lag.observe(now, primaryAt, found.value2().longValue());
                    comparedAtNanos = now;
                }
                Duration current = lagAt(now);
                lagSeconds = current.equals(LagTracker.UNKNOWN) ? Double.POSITIVE_INFINITY : current.toNanos() / 1e9;
                if (!standby) {
                    enter(State.NOT_A_STANDBY, "is not a standby (promoted, or no replica at all)");
                } else if (isInRotation(now)) {
                    enter(State.SERVING, "serves reads");
                } else if (primaryAt == null) {
                    enter(State.BEHIND, "cannot be compared with the primary, which does not answer: "
                            + (lastLag.equals(LagTracker.UNKNOWN) ? "its lag is unknown"
                            : "it was " + lastLag.toMillis() + " ms behind " + (now - comparedAtNanos) / 1_000_000
                            + " ms ago, which may now be more than app.replicas.max-lag"));
                } else {
                    enter(State.BEHIND, current.equals(LagTracker.UNKNOWN) ? "has not caught up with the primary since it was last seen"
                            : "is " + current.toMillis() + " ms behind the primary, more than app.replicas.max-lag");
                }
            } catch (RuntimeException e) {
                lost(e);
            }
        }

        void lost(Throwable failure) {
            answering = false;
            lastLag = LagTracker.UNKNOWN;
            lag.reset();
            lagSeconds = Double.NaN;
            enter(State.UNREACHABLE, "cannot be reached (" + deepestMessage(failure) + ")");
        }

        /** The innermost cause that says something: a driver's "Connection refused" rather than a pool's wrapper. */
        private static String deepestMessage(Throwable failure) {
            String message = failure.toString();
            for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
                if (cause.getMessage() != null) {
                    message = cause.getMessage();
                }
            }
            return message;
        }

        /** One line when the replica's state changes, not one per check. */
        private void enter(State next, String description) {
            if (next != state) {
                if (next == State.SERVING) {
                    log.info("{} {}", source.name(), description);
                } else {
                    log.warn("{} {}: reads go to the other replicas or the primary", source.name(), description);
                }
                state = next;
            }
        }

        private static Field<BigDecimal> walBytes(Field<Object> lsn) {
            // A WAL position as bytes from the start: pg_lsn has no Java type of its own.
            return function("pg_wal_lsn_diff", BigDecimal.class, lsn, inline("0/0"));
        }
    }

    /** One turn of the checker: every replica's state, then the rotation. A replica's check says its own failures. */
    private void checkAll() {
        for (Replica replica : replicas) {
            replica.check();
        }
        updateRotation();
    }

    @Override
    public void start() {
        if (!replicas.isEmpty()) {
            checker = scheduler.scheduleWithFixedDelay(this::checkAll, settings.checkInterval());
        }
    }

    @Override
    public void stop() {
        ScheduledFuture<?> running = checker;
        if (running != null) {
            running.cancel(true);
        }
        checker = null;
        replicas.forEach(replica -> replica.pool.close());
    }

    @Override
    public boolean isRunning() {
        return checker != null;
    }

    /** Stopped after the web server, so requests still in flight at shutdown keep their replica. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 4096;
    }
}
