package com.prospectdata.data.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.StandardOpenOption;
import java.sql.ResultSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Optional;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL kept in the data directory, used when no {@code spring.datasource.url} is set.
 *
 * <p>Every process of the operator tool uses the same data directory: the first one starts the
 * server, the others attach to the one that is running, found through PostgreSQL's own
 * {@code postmaster.pid}. That way {@code keys issue} works while {@code serve} is up, and on its
 * own.
 *
 * <p>The server belongs to no process: it runs detached from the one that started it, and the
 * last process out stops it. A process that ends while another still has sessions open leaves
 * it running; the starter holds a lock on {@code postgres.starter} beside the data directory for
 * as long as it runs, so a process that attached knows, when it ends, whether the starter is
 * still there to stop the server later or whether that is now its own job. The server's own log
 * goes to {@code postgres.log} beside the data directory, never to the starter's output, which
 * ends with it.
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

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    /**
     * Servers this JVM started and left running for others. Only tests run several commands in
     * one JVM; there, the last one out stops such a server through its handle, which also
     * releases the handle's lock on the data directory so that it can start again here.
     */
    private static final Map<Path, EmbeddedPostgres> HANDED_OVER = new ConcurrentHashMap<>();

    /** Set when this process started the server: its handle, and the lock that says it is still there. */
    private final EmbeddedPostgres startedServer;
    private final FileLock starterLock;
    private final Path dataDirectory;
    private final int port;
    private final String password;

    private EmbeddedPostgresServer(EmbeddedPostgres startedServer, FileLock starterLock, Path dataDirectory, int port,
                                   String password) {
        this.startedServer = startedServer;
        this.starterLock = starterLock;
        this.dataDirectory = dataDirectory;
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
                return new EmbeddedPostgresServer(null, null, dataDirectory, running.get(), password);
            }
            try {
                boolean fresh = !Files.isRegularFile(dataDirectory.resolve("PG_VERSION"));
                String password = fresh ? passwordFile.createOrRead() : passwordFile.read().orElse(null);
                EmbeddedPostgres started = builder(settings, fresh, password).start();
                log.info("Started the embedded PostgreSQL on port {} ({}{})", started.getPort(), dataDirectory,
                        settings.durable() ? "" : ", not durable: a crash may lose recent commits");
                FileLock starterLock = lockAsStarter(dataDirectory);
                return new EmbeddedPostgresServer(started, starterLock, dataDirectory, started.getPort(),
                        requirePassword(passwordFile, started.getPort()));
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
                .setPGStartupWait(Duration.ofSeconds(60))
                // Not stopped when the starter's JVM ends, and not writing to its output: close() decides.
                .setRegisterShutdownHook(false)
                .setOutputRedirector(ProcessBuilder.Redirect.appendTo(serverLog(settings.dataDirectory()).toFile()))
                .setErrorRedirector(ProcessBuilder.Redirect.appendTo(serverLog(settings.dataDirectory()).toFile()));
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
        return postmasterLines(dataDirectory)
                .filter(lines -> alivePostmaster(lines).isPresent())
                .map(lines -> Integer.parseInt(lines.get(3).trim()))
                .filter(EmbeddedPostgresServer::accepts);
    }

    private static Optional<ProcessHandle> runningPostmaster(Path dataDirectory) {
        return postmasterLines(dataDirectory).flatMap(EmbeddedPostgresServer::alivePostmaster);
    }

    private static Optional<ProcessHandle> alivePostmaster(List<String> pidFileLines) {
        return ProcessHandle.of(Long.parseLong(pidFileLines.get(0).trim())).filter(ProcessHandle::isAlive);
    }

    /** postmaster.pid: line 1 is the postmaster's pid, line 4 its port (PostgreSQL's documented layout). */
    private static Optional<List<String>> postmasterLines(Path dataDirectory) {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        try {
            List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
            if (lines.size() < 4 || !lines.get(0).trim().matches("[0-9]{1,10}") || !lines.get(3).trim().matches("[0-9]{1,5}")) {
                return Optional.empty();
            }
            return Optional.of(lines);
        } catch (IOException e) {
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
        return startedServer != null;
    }

    /**
     * Stops the server if no other process has a session on it and no starter is left to stop it
     * later; leaves it running otherwise. Called when this process no longer needs it (its own
     * pool is closed by then).
     */
    @Override
    public void close() {
        long others = otherSessions();
        if (startedServer != null) {
            if (others > 0) {
                log.info("Leaving the embedded PostgreSQL running on port {}: {} session(s) of other processes use it; "
                        + "the last of them to end stops it", port, others);
                HANDED_OVER.put(dataDirectory, startedServer);
                releaseQuietly(starterLock);
                return;
            }
            releaseQuietly(starterLock);
            closeStarted(startedServer);
            return;
        }
        if (others > 0 || !starterGone()) {
            return;
        }
        runningPostmaster(dataDirectory).ifPresent(postmaster -> {
            log.info("Stopping the embedded PostgreSQL on port {}: its starter has ended and no other process uses it", port);
            EmbeddedPostgres startedHere = HANDED_OVER.remove(dataDirectory);
            if (startedHere != null) {
                closeStarted(startedHere);
                return;
            }
            // SIGTERM: PostgreSQL's smart shutdown, clean, and immediate with no sessions left.
            postmaster.destroy();
            try {
                postmaster.onExit().get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                log.warn("The embedded PostgreSQL (pid {}) did not stop within {}", postmaster.pid(), STOP_TIMEOUT);
            }
        });
    }

    private static void closeStarted(EmbeddedPostgres server) {
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Client sessions on the server other than the one asking; with no answer, assume there are some. */
    private long otherSessions() {
        try (Connection connection = DriverManager.getConnection(jdbcUrl(), connectionProperties(password));
             Statement statement = connection.createStatement();
             ResultSet count = statement.executeQuery("SELECT count(*) FROM pg_stat_activity"
                     + " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()")) {
            count.next();
            return count.getLong(1);
        } catch (SQLException e) {
            log.debug("Could not count the embedded PostgreSQL's sessions: {}", e.getMessage());
            return runningPostmaster(dataDirectory).isPresent() ? 1 : 0;
        }
    }

    /** Whether the process that started the server has ended: nothing holds its lock any more. */
    private boolean starterGone() {
        try (FileChannel channel = FileChannel.open(starterLockFile(dataDirectory), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = channel.tryLock()) {
            return lock != null;
        } catch (OverlappingFileLockException e) {
            // The starter is this very JVM (tests run commands in process).
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    private static FileLock lockAsStarter(Path dataDirectory) throws IOException {
        FileChannel channel = FileChannel.open(starterLockFile(dataDirectory), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock();
        if (lock == null) {
            channel.close();
            throw new IllegalStateException("Another process holds " + starterLockFile(dataDirectory));
        }
        return lock;
    }

    private static void releaseQuietly(FileLock lock) {
        try {
            lock.channel().close();
        } catch (IOException e) {
            log.debug("Could not release {}: {}", lock, e.getMessage());
        }
    }

    static Path starterLockFile(Path dataDirectory) {
        return dataDirectory.resolveSibling(dataDirectory.getFileName() + ".starter");
    }

    static Path serverLog(Path dataDirectory) {
        return dataDirectory.resolveSibling(dataDirectory.getFileName() + ".log");
    }
}
