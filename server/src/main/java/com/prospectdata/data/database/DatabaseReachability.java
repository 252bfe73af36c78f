package com.prospectdata.data.database;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * What is known of the database behind the pool. Once a connection cannot be had because the
 * database is down (refused, ended, shutting down), every request for a connection fails at once
 * instead of waiting the pool's connection timeout, and a background check (on the background
 * loops' scheduler) opens a connection of its own, outside the pool, at once and then every
 * quarter of a second until the database answers; then the pool serves again. So an outage is
 * answered 503 at once after its first failure, the probes turn unhealthy with it, and a recovery
 * is seen within a quarter of a second (docs/OPERATIONS.md, "Outages"). A pool that is merely busy (every connection lent out, the
 * database fine) is no outage: requests wait for it as configured.
 */
@Component
public class DatabaseReachability {

    private static final Logger log = LoggerFactory.getLogger(DatabaseReachability.class);
    static final Duration CHECK_INTERVAL = Duration.ofMillis(250);
    private static final int CHECK_TIMEOUT_SECONDS = 2;

    private final TaskScheduler scheduler;
    private final AtomicBoolean unreachable = new AtomicBoolean();
    private volatile @Nullable HikariDataSource pool;
    /** The background check of the outage under way; set and cleared under the lock. */
    private @Nullable ScheduledFuture<?> check;
    private final Object checkLock = new Object();

    public DatabaseReachability(TaskScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** The pool whose database this watches; its settings open the background check's connection. */
    void watch(HikariDataSource pool) {
        this.pool = pool;
    }

    public boolean isUnreachable() {
        return unreachable.get();
    }

    /** Fails at once while the database is known to be unreachable. */
    void requireReachable() throws SQLException {
        if (unreachable.get()) {
            throw new SQLTransientConnectionException("The database is unreachable; a background check tries it every "
                    + CHECK_INTERVAL.toMillis() + " ms", "08001");
        }
    }

    /**
     * Learns from a failure seen anywhere (a statement on a connection the database ended, say):
     * a lost database starts the background check; anything else is ignored.
     */
    public void reportFailure(Throwable failure) {
        HikariDataSource watched = pool;
        if (watched != null && DatabaseFailures.isConnectionLost(failure) && unreachable.compareAndSet(false, true)) {
            log.debug("The database is unreachable; checking it every {} ms", CHECK_INTERVAL.toMillis());
            synchronized (checkLock) {
                check = scheduler.scheduleWithFixedDelay(() -> checkOnce(watched), CHECK_INTERVAL);
            }
        }
    }

    /** One turn of the background check; the one that finds the database back (or the pool closed) ends the outage. */
    private void checkOnce(HikariDataSource watched) {
        if (watched.isClosed() || answers(watched)) {
            // reportFailure kept this turn's own future before it let go of the lock, and the next
            // outage can start a check of its own only once this one is cancelled.
            synchronized (checkLock) {
                check.cancel(false);
                check = null;
                unreachable.set(false);
            }
        }
    }

    /** One connection of its own, outside the pool, so that a pool waiting on its timeout cannot hide a recovery. */
    private static boolean answers(HikariDataSource watched) {
        Properties properties = new Properties();
        properties.putAll(watched.getDataSourceProperties());
        if (watched.getUsername() != null) {
            properties.setProperty("user", watched.getUsername());
        }
        if (watched.getPassword() != null) {
            properties.setProperty("password", watched.getPassword());
        }
        properties.setProperty("connectTimeout", Integer.toString(CHECK_TIMEOUT_SECONDS));
        properties.setProperty("socketTimeout", Integer.toString(CHECK_TIMEOUT_SECONDS));
        try (Connection connection = DriverManager.getConnection(watched.getJdbcUrl(), properties)) {
            return connection.isValid(CHECK_TIMEOUT_SECONDS);
        } catch (SQLException e) {
            return false;
        }
    }
}
