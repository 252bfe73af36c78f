package com.prospectdata.data.database;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.TaskScheduler;

/**
 * {@code serve}'s watch over the embedded PostgreSQL it runs on (docs/OPERATIONS.md, "The
 * embedded database"), a look every {@link #CHECK_INTERVAL} on the background loops' scheduler:
 * when the database is unreachable ({@link DatabaseReachability}, whose background check also
 * sees it back) and no postmaster runs on its data directory any more (stopped, killed, crashed
 * for good), it is started again on the same port, by this process if it started it or if the
 * process that did has ended; attempts follow a {@link RestartSchedule}, one log line each. A
 * postmaster that still runs (starting, recovering, frozen) is left alone.
 *
 * <p>The liveness probe turns DOWN only when this process cannot recover by itself: its attempts
 * have kept failing for {@code app.embedded-postgres.recovery-timeout}. It keeps trying, and the
 * probe turns UP again when the database answers.
 */
final class EmbeddedPostgresSupervisor implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresSupervisor.class);
    static final Duration CHECK_INTERVAL = DatabaseReachability.CHECK_INTERVAL;

    private final EmbeddedPostgresServer server;
    private final DatabaseReachability reachability;
    private final RestartSchedule schedule;
    private final Duration recoveryTimeout;
    private final ApplicationEventPublisher events;
    private final TaskScheduler scheduler;
    private boolean toldNotOurs;
    private boolean broken;
    private volatile @Nullable ScheduledFuture<?> watcher;

    EmbeddedPostgresSupervisor(EmbeddedPostgresServer server, DatabaseReachability reachability, Duration recoveryTimeout,
                               ApplicationEventPublisher events, TaskScheduler scheduler) {
        this.server = server;
        this.reachability = reachability;
        this.recoveryTimeout = recoveryTimeout;
        this.schedule = new RestartSchedule(recoveryTimeout);
        this.events = events;
        this.scheduler = scheduler;
    }

    /** One look at the database, and a restart when one is due; the watcher's turns, and tests, call it. */
    synchronized void check(long nowNanos) {
        if (!reachability.isUnreachable()) {
            if (schedule.inOutage()) {
                log.info("The embedded PostgreSQL on port {} answers again", server.port());
            }
            schedule.recovered();
            toldNotOurs = false;
            if (broken) {
                broken = false;
                AvailabilityChangeEvent.publish(events, this, LivenessState.CORRECT);
            }
            return;
        }
        if (server.postmasterRunning() || !schedule.due(nowNanos)) {
            return;
        }
        EmbeddedPostgresServer.Restart restart = server.restart();
        switch (restart.outcome()) {
            case RUNNING -> {
                // Back meanwhile, by another process's hand: the reachability check will see it.
            }
            case NOT_STARTER -> {
                if (!toldNotOurs) {
                    log.info("The embedded PostgreSQL on port {} is not running; it is not this process's to start again: {}",
                            server.port(), restart.detail());
                    toldNotOurs = true;
                }
            }
            case STARTED -> {
                schedule.attempted(nowNanos, true);
                log.info("The embedded PostgreSQL on port {} was not running; restarted it (attempt {})",
                        server.port(), schedule.attempts());
            }
            case FAILED -> {
                Duration next = schedule.attempted(nowNanos, false);
                log.warn("The embedded PostgreSQL on port {} is not running; restart attempt {} failed ({}); next attempt in {} ms",
                        server.port(), schedule.attempts(), restart.detail(), next.toMillis());
            }
        }
        if (!broken && schedule.cannotRecover(nowNanos)) {
            broken = true;
            log.error("The embedded PostgreSQL on port {} could not be restarted for {} s: the liveness probe fails from now on, "
                    + "so that this process is restarted; it keeps trying meanwhile", server.port(), recoveryTimeout.toSeconds());
            AvailabilityChangeEvent.publish(events, this, LivenessState.BROKEN);
        }
    }

    /** One turn of the watcher. */
    private void watch() {
        try {
            check(System.nanoTime());
        } catch (RuntimeException e) {
            log.warn("Could not look after the embedded PostgreSQL: {}", e.toString());
        }
    }

    @Override
    public void start() {
        watcher = scheduler.scheduleWithFixedDelay(this::watch, CHECK_INTERVAL);
    }

    /** Before the pool closes and the server is stopped on purpose, which must not be undone. */
    @Override
    public void stop() {
        ScheduledFuture<?> running = watcher;
        if (running != null) {
            running.cancel(true);
        }
        watcher = null;
    }

    @Override
    public boolean isRunning() {
        return watcher != null;
    }
}
