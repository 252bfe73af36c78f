package com.prospectdata.data.database;

import java.time.Duration;

/**
 * When {@code serve} tries to start the embedded PostgreSQL again, and when it has failed long
 * enough to say it cannot recover by itself (docs/OPERATIONS.md, "The embedded database"). The
 * first attempt of an outage comes at once, the next after half a second, each later one after
 * twice the wait before it, never more than {@link #LONGEST_WAIT}: a server that only needs its
 * old processes to end is back within a second, and one whose disk is full is tried every two
 * seconds, so that it serves again within 10 s of the moment it can start. The pool's own
 * reconnection takes up to 5 s of those (HikariCP tries a failed connection again at growing
 * intervals, at most 5 s apart), the start itself up to a second, the reachability check a
 * quarter of one. Times are {@link System#nanoTime()}; one outage runs from the first attempt to
 * {@link #recovered()}.
 */
final class RestartSchedule {

    static final Duration FIRST_WAIT = Duration.ofMillis(500);
    static final Duration LONGEST_WAIT = Duration.ofSeconds(2);

    private final Duration recoveryTimeout;
    private int attempts;
    private long nextAttemptNanos;
    private boolean failing;
    private long failingSinceNanos;

    /** @param recoveryTimeout how long attempts may keep failing before the process cannot recover by itself */
    RestartSchedule(Duration recoveryTimeout) {
        this.recoveryTimeout = recoveryTimeout;
    }

    /** Whether an attempt may start now. */
    boolean due(long nowNanos) {
        return attempts == 0 || nowNanos - nextAttemptNanos >= 0;
    }

    /**
     * Notes an attempt made at {@code nowNanos}, which started the server or not; returns how
     * long until the next one may start, should the database still be down then.
     */
    Duration attempted(long nowNanos, boolean started) {
        attempts++;
        Duration wait = waitAfter(attempts);
        nextAttemptNanos = nowNanos + wait.toNanos();
        if (!started && !failing) {
            failing = true;
            failingSinceNanos = nowNanos;
        }
        return wait;
    }

    /** The wait after the {@code attempt}-th attempt: half a second, doubling, at most {@link #LONGEST_WAIT}. */
    static Duration waitAfter(int attempt) {
        long millis = FIRST_WAIT.toMillis();
        for (int i = 1; i < attempt && millis < LONGEST_WAIT.toMillis(); i++) {
            millis *= 2;
        }
        return Duration.ofMillis(Math.min(millis, LONGEST_WAIT.toMillis()));
    }

    /** Attempts of this outage so far. */
    int attempts() {
        return attempts;
    }

    /** Whether this outage has seen an attempt: its end is worth a line. */
    boolean inOutage() {
        return attempts > 0;
    }

    /**
     * The rule of the liveness probe: the process cannot recover by itself once the attempts of
     * this outage have kept failing for {@code recoveryTimeout}, from the first that failed.
     * Attempts that started the server, and outages nobody had to attempt anything for (a server
     * that came back by itself, one frozen), never count.
     */
    boolean cannotRecover(long nowNanos) {
        return failing && nowNanos - failingSinceNanos >= recoveryTimeout.toNanos();
    }

    /** The database answers again: the next outage starts afresh. */
    void recovered() {
        attempts = 0;
        failing = false;
    }
}
