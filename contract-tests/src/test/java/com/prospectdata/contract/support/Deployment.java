package com.prospectdata.contract.support;

import com.prospectdata.testing.Fixture;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a server runs on: a {@link TestDatabase} (embedded, or on {@code contract.database.admin-url}),
 * the fixture imported with the jar's own {@code import}, and the jar's operator commands on that
 * database, with more environment variables if a test needs them (e.g. {@code SPRING_DATA_REDIS_URL}).
 * {@link #server} starts {@code serve} processes on it. The shared {@link ContractEnvironment} is
 * one deployment (files under {@code target/contract/}); a test class that needs a database of its
 * own creates another (files under {@code target/contract/<name>/}).
 */
public final class Deployment implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Deployment.class);

    private final Path directory;
    private final TestDatabase database;
    private final ServerJar jar;
    private final Fixture fixture;

    private Deployment(Path directory, TestDatabase database, ServerJar jar, Fixture fixture) {
        this.directory = directory;
        this.database = database;
        this.jar = jar;
        this.fixture = fixture;
    }

    /** Creates the database, imports the fixture; {@code environment} adds to the server's environment variables. */
    public static Deployment create(String name, Map<String, String> environment) {
        return createIn(contractDirectory().resolve(name), environment);
    }

    /** The directory of the run's files: {@code target/contract} of the module. */
    static Path contractDirectory() {
        return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target").resolve("contract");
    }

    /**
     * As {@link #create}, on a PostgreSQL server started for this deployment alone, whatever
     * {@code contract.database.admin-url} says: a test may stop and start it
     * ({@link DatabaseFaults#stopServer}).
     */
    public static Deployment createOnServerOfItsOwn(String name, Map<String, String> environment) {
        return createIn(contractDirectory().resolve(name), environment, true);
    }

    static Deployment createIn(Path directory, Map<String, String> environment) {
        return createIn(directory, environment, false);
    }

    private static Deployment createIn(Path directory, Map<String, String> environment, boolean serverOfItsOwn) {
        TestDatabase database = null;
        try {
            Files.createDirectories(directory);
            String adminUrl = System.getProperty("contract.database.admin-url", "").strip();
            database = adminUrl.isEmpty() || serverOfItsOwn ? TestDatabase.embedded(directory) : TestDatabase.onServer(adminUrl);
            log.info("Database of {}: {}", directory, database.describe());
            Map<String, String> variables = new HashMap<>(Map.of(
                    "SPRING_DATASOURCE_URL", database.jdbcUrl(),
                    "SPRING_DATASOURCE_USERNAME", database.username(),
                    "SPRING_DATASOURCE_PASSWORD", database.password(),
                    "APP_ENVIRONMENT", "test",
                    // Where the server keeps files of its own (e.g. a self-signed certificate): not in the sources.
                    "APP_DATA_DIR", directory.resolve("data").toString()));
            variables.putAll(environment);
            Path commandLog = directory.resolve("operator-commands.log");
            Files.deleteIfExists(commandLog);
            ServerJar jar = new ServerJar(Path.of(required("contract.server.jar")), variables, commandLog);
            Fixture fixture = Fixture.generate(Instant.now(), directory.resolve("fixture.jsonl"));
            // The first command also migrates the empty database; nothing else may run alongside it.
            jar.run("import", fixture.file().toString()).requireSuccess();
            return new Deployment(directory, database, jar, fixture);
        } catch (IOException e) {
            closeQuietly(database);
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            closeQuietly(database);
            throw new IllegalStateException("Could not create the database in " + directory, e);
        } catch (RuntimeException e) {
            closeQuietly(database);
            throw e;
        }
    }

    public Path directory() {
        return directory;
    }

    public Fixture fixture() {
        return fixture;
    }

    public ServerJar operatorCommands() {
        return jar;
    }

    TestDatabase database() {
        return database;
    }

    /** Real faults of this deployment's database, injected from outside the server. */
    public DatabaseFaults databaseFaults() {
        return new DatabaseFaults(database, database.ownServerDataDirectory(directory).orElse(null));
    }

    /** A server on this deployment's database, its log in this deployment's directory. */
    public ServerProcess.Builder server(String name) {
        return ServerProcess.on(jar, directory, name);
    }

    /**
     * Moves the first change of a search's feed back by {@code age}, as if it had been written that
     * long ago, for the server's retention to remove (no operator command writes a change's time).
     */
    public void ageFirstChange(UUID prospectSearchId, java.time.Duration age) {
        try (Connection connection = database.connectToDatabase();
             PreparedStatement update = connection.prepareStatement(
                     "UPDATE company_change SET occurred_at = occurred_at - ? * interval '1 second'"
                             + " WHERE prospect_search_id = ? AND position = 1")) {
            update.setLong(1, age.toSeconds());
            update.setObject(2, prospectSearchId);
            if (update.executeUpdate() != 1) {
                throw new IllegalStateException("Search " + prospectSearchId + " has no first change");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Could not age the first change of " + prospectSearchId, e);
        }
    }

    /** The key's {@code last_used_at}, read from the database (no operator command shows it). */
    public Optional<Instant> lastUsedAt(String keyId) {
        try (Connection connection = database.connectToDatabase();
             PreparedStatement query = connection.prepareStatement("SELECT last_used_at FROM api_key WHERE id = ?")) {
            query.setObject(1, UUID.fromString(keyId));
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw new IllegalArgumentException("No key " + keyId);
                }
                Timestamp value = row.getTimestamp(1);
                return Optional.ofNullable(value).map(Timestamp::toInstant);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Could not read last_used_at of key " + keyId, e);
        }
    }

    /**
     * How long each session of {@code applicationName} (PgJDBC's {@code ApplicationName}) has had
     * its transaction open, read now on the database's clock; none if no such session is in one.
     */
    public List<java.time.Duration> openTransactionAges(String applicationName) {
        List<java.time.Duration> ages = new ArrayList<>();
        try (Connection connection = database.connectToDatabase();
             PreparedStatement query = connection.prepareStatement("SELECT extract(epoch FROM clock_timestamp() - xact_start)"
                     + " FROM pg_stat_activity WHERE application_name = ? AND xact_start IS NOT NULL")) {
            query.setString(1, applicationName);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    ages.add(java.time.Duration.ofNanos((long) (rows.getDouble(1) * 1e9)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Could not read the open transactions of " + applicationName, e);
        }
        return ages;
    }

    @Override
    public void close() throws Exception {
        database.close();
    }

    private static void closeQuietly(TestDatabase database) {
        if (database != null) {
            try {
                database.close();
            } catch (Exception ignored) {
                // the first failure is the one to see
            }
        }
    }

    private static String required(String name) {
        String value = System.getProperty(name, "");
        if (value.isBlank()) {
            throw new IllegalStateException("System property " + name + " is not set (the pom sets it for surefire)");
        }
        return value;
    }
}
