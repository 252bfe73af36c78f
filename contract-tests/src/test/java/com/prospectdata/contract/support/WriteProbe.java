package com.prospectdata.contract.support;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Whether the database takes writes, asked every 100 ms on a new connection (as a client that
 * just arrived would): {@code txid_current()} needs a transaction id, which only a primary gives.
 * Tells when writes first failed and when they worked again.
 */
public final class WriteProbe {

    private final String url;
    private final String user;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile Instant firstFailure;
    private volatile Instant lastFailure;
    private volatile Instant firstSuccessAfterLastFailure;
    private volatile Instant lastSuccess;
    private volatile String lastError = "none";

    private WriteProbe(String url, String user) {
        // A write slower than this counts as failed: a tolerance for a busy machine, not a rule.
        long timeout = TimeFactor.tolerance(Duration.ofSeconds(10)).toSeconds();
        this.url = url + (url.contains("?") ? "&" : "?") + "connectTimeout=" + timeout + "&socketTimeout=" + timeout
                + "&loginTimeout=" + timeout;
        this.user = user;
        this.thread = Thread.ofPlatform().name("write-probe").start(this::probe);
    }

    public static WriteProbe start(String jdbcUrl, String user) {
        return new WriteProbe(jdbcUrl, user);
    }

    private void probe() {
        while (running) {
            boolean written;
            String error = null;
            try (Connection connection = DriverManager.getConnection(url, user, null);
                 Statement statement = connection.createStatement();
                 ResultSet result = statement.executeQuery("select txid_current()")) {
                written = result.next();
            } catch (SQLException e) {
                written = false;
                error = e.getMessage();
            }
            Instant now = Instant.now();
            if (!written) {
                if (firstFailure == null) {
                    firstFailure = now;
                }
                lastFailure = now;
                lastError = now + ": " + error;
                firstSuccessAfterLastFailure = null;
            } else {
                if (lastFailure != null && firstSuccessAfterLastFailure == null) {
                    firstSuccessAfterLastFailure = now;
                }
                lastSuccess = now;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Whether a write failed since the probe started. */
    public boolean everFailed() {
        return firstFailure != null;
    }

    /**
     * How long after {@code fault} writes worked again: zero when none failed since, empty until a
     * write after it has succeeded (so a probe started during an outage does not report one it has
     * not seen yet).
     */
    public Optional<Duration> writesBackAfter(Instant fault) {
        Instant succeeded = lastSuccess;
        if (succeeded == null || succeeded.isBefore(fault)) {
            return Optional.empty();
        }
        Instant failed = lastFailure;
        if (failed == null || failed.isBefore(fault)) {
            return Optional.of(Duration.ZERO);
        }
        Instant back = firstSuccessAfterLastFailure;
        return back == null ? Optional.empty() : Optional.of(Duration.between(fault, back));
    }

    /** When the last write failed, and why. */
    public String lastError() {
        return lastError;
    }

    public void stop() throws InterruptedException {
        running = false;
        thread.join(10_000);
    }
}
