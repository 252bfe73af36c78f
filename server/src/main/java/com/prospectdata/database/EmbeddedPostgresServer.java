package com.prospectdata.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL kept in the data directory, used when no {@code spring.datasource.url} is set.
 *
 * <p>Every process of the operator tool uses the same data directory: the first one starts the
 * server (and stops it when it ends), the others attach to the one that is running, found
 * through PostgreSQL's own {@code postmaster.pid}. That way {@code keys issue} works while
 * {@code serve} is up, and on its own.
 *
 * <p>It is a real database, not a test fixture: commits are durable unless
 * {@code app.embedded-postgres.durable=false} asks otherwise, it listens on loopback only,
 * without a Unix socket, and every connection needs the password kept in
 * {@link EmbeddedPostgresPassword} (there is no {@code trust} entry, replication included).
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
    private static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(60);
    static final String SUPERUSER = "postgres";

    /** What the server is started with when this process starts it. */
    public record Settings(Path dataDirectory, int preferredPort, String sharedBuffers, boolean durable) {
    }

    private final EmbeddedPostgres ownedServer;
    private final int port;
    private final String password;

    private EmbeddedPostgresServer(EmbeddedPostgres ownedServer, int port, String password) {
        this.ownedServer = ownedServer;
        this.port = port;
        this.password = password;
    }

    /**
     * Attaches to the server running on the data directory, or starts one there. A data
     * directory of an earlier version, which trusted every local connection, is given a
     * password on the way.
     */
    public static EmbeddedPostgresServer startOrAttach(Settings settings) {
        Path dataDirectory = settings.dataDirectory();
        EmbeddedPostgresPassword passwordFile = EmbeddedPostgresPassword.beside(dataDirectory);
        long deadline = System.nanoTime() + ATTACH_TIMEOUT.toNanos();
        while (true) {
            Optional<Integer> running = runningPort(dataDirectory);
            if (running.isPresent()) {
                log.info("Using the embedded PostgreSQL already running on port {} ({})", running.get(), dataDirectory);
                String password = requirePassword(passwordFile, running.get());
                return new EmbeddedPostgresServer(null, running.get(), password);
            }
            try {
                boolean fresh = !Files.isRegularFile(dataDirectory.resolve("PG_VERSION"));
                String password = fresh ? passwordFile.createOrRead() : passwordFile.read().orElse(null);
                EmbeddedPostgres started = builder(settings, fresh, password).start();
                log.info("Started the embedded PostgreSQL on port {} ({}{})", started.getPort(), dataDirectory,
                        settings.durable() ? "" : ", not durable: a crash may lose recent commits");
                return new EmbeddedPostgresServer(started, started.getPort(), requirePassword(passwordFile, started.getPort()));
            } catch (IOException | IllegalStateException e) {
                // Another process is starting it at this very moment: attach once it is up.
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("Could not start or reach the embedded PostgreSQL in "
                            + dataDirectory.toAbsolutePath() + ": " + e.getMessage(), e);
                }
                sleep(Duration.ofMillis(500));
            }
        }
    }

    private static EmbeddedPostgres.Builder builder(Settings settings, boolean fresh, String password) throws IOException {
        Files.createDirectories(settings.dataDirectory());
        String durability = settings.durable() ? "on" : "off";
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(settings.dataDirectory())
                .setCleanDataDirectory(false)
                .setPort(settings.preferredPort())
                .setServerConfig("max_connections", "100")
                .setServerConfig("shared_buffers", settings.sharedBuffers())
                // zonky starts PostgreSQL with fsync and synchronous commits off, as test
                // databases may be; these settings come later on the command line and win.
                .setServerConfig("fsync", durability)
                .setServerConfig("synchronous_commit", durability)
                .setServerConfig("full_page_writes", durability)
                .setServerConfig("listen_addresses", "localhost")
                // No socket in a shared directory: connections come over loopback TCP only.
                .setServerConfig("unix_socket_directories", "")
                .setServerConfig("password_encryption", "scram-sha-256")
                // Code-point ordering and Unicode case folding, the same on every machine.
                .setLocaleConfig("locale-provider", "builtin")
                .setLocaleConfig("builtin-locale", "C.UTF-8")
                .setPGStartupWait(Duration.ofSeconds(60));
        if (fresh) {
            // initdb's own -A trust (zonky's) is overridden: every entry of pg_hba.conf, local,
            // host and replication, asks for the superuser's password.
            builder.setLocaleConfig("auth", "scram-sha-256")
                    .setLocaleConfig("pwfile", EmbeddedPostgresPassword.beside(settings.dataDirectory()).path().toString());
        }
        if (password != null) {
            // zonky connects to see the server up.
            builder.setConnectConfig("password", password);
        }
        return builder;
    }

    /**
     * The server's password. A data directory of an earlier version trusted every local
     * connection: its superuser gets the password (kept in the password file) and its
     * pg_hba.conf asks every connection for it. Safe to repeat after a failure half-way.
     */
    private static String requirePassword(EmbeddedPostgresPassword passwordFile, int port) {
        Path accessRules = passwordFile.dataDirectory().resolve("pg_hba.conf");
        try {
            String password = passwordFile.createOrRead();
            if (PasswordOnlyAccess.trustsAnyone(accessRules)) {
                try (Connection connection = DriverManager.getConnection(jdbcUrl(port), connectionProperties(password));
                     Statement statement = connection.createStatement()) {
                    statement.execute("SET password_encryption = 'scram-sha-256'");
                    // The password is base62 (EmbeddedPostgresPassword): nothing in it to quote.
                    statement.execute("ALTER ROLE " + SUPERUSER + " PASSWORD '" + password + "'");
                    PasswordOnlyAccess.writeTo(accessRules);
                    statement.execute("SELECT pg_reload_conf()");
                }
                log.info("The embedded PostgreSQL in {} trusted every local connection; it now asks for the password kept in {}",
                        passwordFile.dataDirectory(), passwordFile.path());
            }
            return password;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not give the embedded PostgreSQL a password", e);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not give the embedded PostgreSQL a password: " + e.getMessage(), e);
        }
    }

    private static Properties connectionProperties(String password) {
        Properties properties = new Properties();
        properties.setProperty("user", SUPERUSER);
        properties.setProperty("password", password);
        return properties;
    }

    /** The port of a live postmaster on that directory, from the pid file PostgreSQL keeps there. */
    static Optional<Integer> runningPort(Path dataDirectory) {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        if (!Files.isRegularFile(pidFile)) {
            return Optional.empty();
        }
        try {
            List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
            // Line 1 is the postmaster's pid, line 4 its port (PostgreSQL's documented layout).
            if (lines.size() < 4) {
                return Optional.empty();
            }
            long pid = Long.parseLong(lines.get(0).trim());
            int port = Integer.parseInt(lines.get(3).trim());
            if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && accepts(port)) {
                return Optional.of(port);
            }
            return Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("localhost", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the embedded PostgreSQL", e);
        }
    }

    private static String jdbcUrl(int port) {
        return "jdbc:postgresql://localhost:" + port + "/postgres";
    }

    public String jdbcUrl() {
        return jdbcUrl(port);
    }

    public String username() {
        return SUPERUSER;
    }

    public String password() {
        return password;
    }

    public boolean ownsServer() {
        return ownedServer != null;
    }

    @Override
    public void close() {
        if (ownedServer != null) {
            try {
                ownedServer.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
