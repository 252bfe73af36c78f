package com.prospectdata.data.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL kept in the data directory, used when no {@code spring.datasource.url} is set.
 *
 * <p>Every process of the operator tool uses the same data directory: the first one starts the
 * server, the others attach to the one that is running, found through PostgreSQL's own
 * {@code postmaster.pid}. That way {@code keys issue} works while {@code serve} is up, and on its
 * own. One process at a time starts it, under a lock on {@code postgres.start} beside the data
 * directory ({@link #startUnlessBusy}); the others wait and attach.
 *
 * <p>The server belongs to no process: it runs detached from the one that started it, and the
 * last process out stops it. A process that ends while another still has sessions open leaves
 * it running; the starter holds a lock on {@code postgres.starter} beside the data directory for
 * as long as it runs (and writes its pid there, for the others to name it), so a process that
 * attached knows, when it ends, whether the starter is still there to stop the server later or
 * whether that is now its own job. The server's own log goes to {@code postgres.log} beside the
 * data directory, never to the starter's output, which ends with it.
 *
 * <p>The starter also brings the server back when it has stopped ({@link #restart}, which
 * {@code serve} calls: EmbeddedPostgresSupervisor): on the same port, with the same settings, as
 * PostgreSQL recorded them ({@link PostmasterCommand}). A process that attached takes the
 * starter's place when the starter has ended. Meanwhile another process that needs the server
 * waits for the starter to bring it back, at most {@link #STARTER_WAIT}, then says so in one
 * line, instead of starting a server of its own: the starter holds zonky's lock on the data
 * directory ({@code epg-lock}), through zonky's handle or, having taken the starter's place, its
 * own.
 *
 * <p>It is a real database, not a test fixture: commits are durable unless
 * {@code app.embedded-postgres.durable=false} asks otherwise, it listens on loopback only,
 * without a Unix socket, and every connection needs the password kept in
 * {@link EmbeddedPostgresPassword} (there is no {@code trust} entry, replication included).
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
    /**
     * How long a process waits while another starts the server at the same moment: a first start
     * unpacks PostgreSQL, runs initdb and waits up to a minute for the server to accept connections.
     */
    private static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(120);
    /**
     * How long a process waits for a starter that is still there to bring a stopped server back
     * (serve's attempts come at most 2 s apart: RestartSchedule) before it says so and gives up.
     */
    static final Duration STARTER_WAIT = Duration.ofSeconds(10);
    /** How long a restart may take: crash recovery replays what the last checkpoint missed. */
    private static final Duration RESTART_TIMEOUT = Duration.ofSeconds(60);
    static final String SUPERUSER = "postgres";
    /** zonky's lock on the data directory, taken by its start and released by its close. */
    private static final String DATA_DIRECTORY_LOCK = "epg-lock";

    /** What the server is started with when this process starts it. */
    public record Settings(Path dataDirectory, int preferredPort, String sharedBuffers, boolean durable) {
    }

    /** What {@link #restart} did. */
    public enum Outcome {
        /** Started again, accepting connections. */
        STARTED,
        /** It could not start; the detail says why, in PostgreSQL's words where it gave some. */
        FAILED,
        /** A postmaster runs: nothing to do. */
        RUNNING,
        /** Another process is the starter, still there: bringing it back is that process's job. */
        NOT_STARTER
    }

    /** What {@link #restart} did, and a detail for its log line. */
    public record Restart(Outcome outcome, String detail) {
    }

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    /** How long this process's own connections to the server (not the pool's) wait for it. */
    private static final Duration OWN_CONNECTION_TIMEOUT = Duration.ofSeconds(10);
    /** Tells apart the instances of one JVM (tests run commands in process), each a user of its own. */
    private static final AtomicInteger INSTANCES = new AtomicInteger();
    /**
     * Servers this JVM started and left running for others. Only tests run several commands in
     * one JVM; there, the last one out stops such a server through its handle, which also
     * releases the handle's lock on the data directory so that it can start again here.
     */
    private static final Map<Path, EmbeddedPostgres> HANDED_OVER = new ConcurrentHashMap<>();

    private final Path dataDirectory;
    private final int port;
    private final String password;
    private final String applicationName;
    /** While this process is the starter: zonky's handle when it started the server through zonky. */
    private @Nullable EmbeddedPostgres startedServer;
    /** While this process is the starter having taken the place of one that ended: zonky's lock, held here. */
    private @Nullable FileLock dataDirectoryLock;
    /** While this process is the starter: the lock that says it is still there. */
    private @Nullable FileLock starterLock;
    private boolean closed;

    private EmbeddedPostgresServer(@Nullable EmbeddedPostgres startedServer, @Nullable FileLock starterLock, Path dataDirectory,
                                   int port, String password, String applicationName) {
        this.startedServer = startedServer;
        this.starterLock = starterLock;
        this.dataDirectory = dataDirectory;
        this.port = port;
        this.password = password;
        this.applicationName = applicationName;
    }

    /**
     * Attaches to the server running on the data directory, or starts one there. A data
     * directory of an earlier version, which trusted every local connection, is given a
     * password on the way. While the server is down and the process that started it is still
     * there, waits at most {@link #STARTER_WAIT} for that process to bring it back.
     */
    public static EmbeddedPostgresServer startOrAttach(Settings settings) {
        Path dataDirectory = settings.dataDirectory();
        String applicationName = "prospect-api " + ProcessHandle.current().pid() + "/" + INSTANCES.incrementAndGet();
        EmbeddedPostgresPassword passwordFile = EmbeddedPostgresPassword.beside(dataDirectory);
        long deadline = System.nanoTime() + ATTACH_TIMEOUT.toNanos();
        long starterDeadline = 0;
        while (true) {
            Optional<Integer> running = runningPort(dataDirectory);
            if (running.isPresent()) {
                log.info("Using the embedded PostgreSQL already running on port {} ({})", running.get(), dataDirectory);
                String password = requirePassword(passwordFile, running.get(), applicationName);
                return new EmbeddedPostgresServer(null, null, dataDirectory, running.get(), password, applicationName);
            }
            Optional<String> starter = otherStarter(dataDirectory);
            if (starter.isPresent()) {
                long now = System.nanoTime();
                if (starterDeadline == 0) {
                    starterDeadline = now + STARTER_WAIT.toNanos();
                    log.info("The embedded PostgreSQL in {} is not running; waiting up to {} s for its starter ({}) to bring it back",
                            dataDirectory, STARTER_WAIT.toSeconds(), starter.get());
                } else if (now - starterDeadline > 0) {
                    throw new IllegalStateException("the embedded PostgreSQL in " + dataDirectory.toAbsolutePath()
                            + " is not running, and the process that started it (" + starter.get() + ") has not brought it back within "
                            + STARTER_WAIT.toSeconds() + " s; serve restarts it by itself (its log says why it cannot yet): "
                            + "run the command again once it is back, or stop that process so that this one can start it");
                }
                sleep(DatabaseReachability.CHECK_INTERVAL);
                continue;
            }
            Attempt attempt = startUnlessBusy(settings, passwordFile, applicationName);
            if (attempt.started() != null) {
                return attempt.started();
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("Could not start or reach the embedded PostgreSQL in "
                        + dataDirectory.toAbsolutePath() + " within " + ATTACH_TIMEOUT.toSeconds() + " s: " + attempt.busy()
                        + " (PostgreSQL's own log: " + serverLog(dataDirectory) + ")");
            }
            sleep(Duration.ofMillis(200));
        }
    }

    /** A server this process started, or what keeps it from starting one now. */
    private record Attempt(@Nullable EmbeddedPostgresServer started, String busy) {
    }

    /**
     * Starts the server unless another process is at it. One process at a time starts it, under
     * the start lock beside the data directory: zonky runs initdb before it takes its own lock,
     * and two first starts at once would both write a new cluster into the same directory. With
     * the lock held, a server that another start left running, a postmaster still coming up,
     * shutting down or recovering, and zonky's lock still held by a process that stopped it are
     * each a reason to wait, not to start; what fails after that is a real failure, said at once.
     */
    private static Attempt startUnlessBusy(Settings settings, EmbeddedPostgresPassword passwordFile, String applicationName) {
        Path dataDirectory = settings.dataDirectory();
        Optional<FileLock> startLock;
        try {
            Files.createDirectories(dataDirectory);
            startLock = lockedOrHeld(startLockFile(dataDirectory));
        } catch (IOException e) {
            throw new IllegalStateException("Could not start the embedded PostgreSQL in " + dataDirectory.toAbsolutePath() + ": "
                    + e.getMessage(), e);
        }
        if (startLock.isEmpty()) {
            return new Attempt(null, "another process (" + holder(startLockFile(dataDirectory)) + ") is starting it");
        }
        writePid(startLock.get(), startLockFile(dataDirectory));
        try {
            if (runningPort(dataDirectory).isPresent() || otherStarter(dataDirectory).isPresent()) {
                return new Attempt(null, "another process has just started it");
            }
            Optional<ProcessHandle> postmaster = runningPostmaster(dataDirectory);
            if (postmaster.isPresent()) {
                return new Attempt(null, "its postmaster (pid " + postmaster.get().pid()
                        + ") runs but does not accept connections: it is starting, stopping or recovering");
            }
            if (heldElsewhere(dataDirectory.resolve(DATA_DIRECTORY_LOCK))) {
                return new Attempt(null, "another process still holds " + dataDirectory.resolve(DATA_DIRECTORY_LOCK));
            }
            boolean fresh = !Files.isRegularFile(dataDirectory.resolve("PG_VERSION"));
            String password = fresh ? passwordFile.createOrRead() : passwordFile.read().orElse(null);
            EmbeddedPostgres started = builder(settings, fresh, password).start();
            log.info("Started the embedded PostgreSQL on port {} ({}{})", started.getPort(), dataDirectory,
                    settings.durable() ? "" : ", not durable: a crash may lose recent commits");
            FileLock starterLock = tryLockWithPid(starterLockFile(dataDirectory)).orElseThrow(() ->
                    new IllegalStateException("Another process holds " + starterLockFile(dataDirectory)));
            return new Attempt(new EmbeddedPostgresServer(started, starterLock, dataDirectory, started.getPort(),
                    requirePassword(passwordFile, started.getPort(), applicationName), applicationName), "");
        } catch (IOException | IllegalStateException e) {
            throw new IllegalStateException("Could not start the embedded PostgreSQL in " + dataDirectory.toAbsolutePath() + ": "
                    + e.getMessage() + " (PostgreSQL's own log: " + serverLog(dataDirectory) + ")", e);
        } finally {
            releaseQuietly(startLock.get());
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
    private static String requirePassword(EmbeddedPostgresPassword passwordFile, int port, String applicationName) {
        Path accessRules = passwordFile.dataDirectory().resolve("pg_hba.conf");
        try {
            String password = passwordFile.createOrRead();
            if (PasswordOnlyAccess.trustsAnyone(accessRules)) {
                try (Connection connection = DriverManager.getConnection(jdbcUrl(port), connectionProperties(password, applicationName));
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

    /**
     * Every connection this process opens carries its name ({@link #applicationName()}), so that
     * when it ends it can tell its own sessions, still closing, from another process's; and none
     * waits for ever on a server that stopped answering.
     */
    private static Properties connectionProperties(String password, String applicationName) {
        Properties properties = new Properties();
        properties.setProperty("user", SUPERUSER);
        properties.setProperty("password", password);
        properties.setProperty("ApplicationName", applicationName);
        properties.setProperty("connectTimeout", Long.toString(OWN_CONNECTION_TIMEOUT.toSeconds()));
        properties.setProperty("socketTimeout", Long.toString(OWN_CONNECTION_TIMEOUT.toSeconds()));
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
        return ProcessHandle.of(Long.parseLong(pidFileLines.get(0).trim()))
                .filter(ProcessHandle::isAlive)
                .filter(EmbeddedPostgresServer::notAZombie);
    }

    /**
     * Java takes a process that has ended but was not yet reaped by its parent for alive. A
     * killed postmaster is such a process until init reaps it, which some containers' init
     * never does: Linux says it is a zombie ({@code Z}) in its {@code stat}.
     */
    private static boolean notAZombie(ProcessHandle process) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"), StandardCharsets.US_ASCII);
            // "pid (command) state ...": the command may hold spaces and parentheses; the state follows the last ')'.
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException | RuntimeException e) {
            return process.isAlive();
        }
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

    public int port() {
        return port;
    }

    public String username() {
        return SUPERUSER;
    }

    public String password() {
        return password;
    }

    /**
     * The name every connection of this process gives PostgreSQL (its {@code application_name}):
     * the jar and this process's id, and which instance of this class in it. The pool's
     * connections carry it too (EmbeddedDatabaseConfiguration), and with them the reachability
     * check's, which copies the pool's settings.
     */
    public String applicationName() {
        return applicationName;
    }

    /** Where the server's own log ends now: give it to {@link #problemSince} to read what it writes from here. */
    public long logMark() {
        try {
            return Files.size(serverLog(dataDirectory));
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * The last FATAL or PANIC line with {@code words} the server wrote to its log since
     * {@code mark}, from that word on: why a session ended when the server did not say so to its
     * client (a full disk's PANIC in another of its processes ends every session, and the lines
     * that follow it are the restart's).
     */
    public Optional<String> problemSince(long mark, String words) {
        return PostmasterCommand.lastProblem(serverLog(dataDirectory), mark, words);
    }

    /** Whether this process is the starter: it started the server, or took the place of the one that did. */
    public synchronized boolean ownsServer() {
        return starterLock != null;
    }

    /** Whether a postmaster runs on the data directory: up, starting, recovering, or frozen. */
    public boolean postmasterRunning() {
        return runningPostmaster(dataDirectory).isPresent();
    }

    /**
     * Starts the server again when no postmaster runs on the data directory: on the same port,
     * with the options PostgreSQL recorded at its last start, if this process is the starter or
     * can take the place of a starter that has ended. Waits until it accepts connections or has
     * failed (at most a minute, for crash recovery). Never after {@link #close()}.
     */
    public synchronized Restart restart() {
        if (closed) {
            return new Restart(Outcome.NOT_STARTER, "this process is shutting down");
        }
        if (postmasterRunning()) {
            return new Restart(Outcome.RUNNING, "");
        }
        if (starterLock == null && !takeStartersPlace()) {
            return new Restart(Outcome.NOT_STARTER, "the process that started it, "
                    + otherStarter(dataDirectory).orElse("ended just now") + ", is still there to do it");
        }
        setAsideUnreapedPidFile();
        Optional<PostmasterCommand> command = PostmasterCommand.read(dataDirectory);
        if (command.isEmpty()) {
            return new Restart(Outcome.FAILED, "no postmaster.opts in " + dataDirectory + " to start it as before");
        }
        try {
            Optional<String> problem = command.get().start(dataDirectory, serverLog(dataDirectory), RESTART_TIMEOUT);
            if (problem.isPresent()) {
                return new Restart(Outcome.FAILED, problem.get());
            }
            return runningPort(dataDirectory).isPresent() ? new Restart(Outcome.STARTED, "")
                    : new Restart(Outcome.FAILED, "pg_ctl started it, but it does not accept connections");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Restart(Outcome.FAILED, "interrupted");
        }
    }

    /**
     * A killed postmaster stays a zombie until its parent reaps it, and the parent pg_ctl left it
     * to is init, which in some containers never reaps; PostgreSQL, seeing the pid of its
     * {@code postmaster.pid} still there, refuses to start ("lock file already exists"). Once no
     * process of the old server works in the data directory any more (they all do, from their
     * start; a backend that outlived its postmaster would still hold the shared memory that
     * PostgreSQL's own check of that file looks for), the file is stale: it is set aside, as
     * {@code postmaster.pid.stale}.
     */
    private void setAsideUnreapedPidFile() {
        Optional<List<String>> lines = postmasterLines(dataDirectory);
        if (lines.isEmpty()) {
            return;
        }
        Optional<ProcessHandle> recorded = ProcessHandle.of(Long.parseLong(lines.get().get(0).trim()));
        if (recorded.isEmpty() || notAZombie(recorded.get()) || anyProcessWorksIn(dataDirectory)) {
            return;
        }
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        try {
            Files.move(pidFile, pidFile.resolveSibling("postmaster.pid.stale"), StandardCopyOption.REPLACE_EXISTING);
            log.info("The postmaster of {} (pid {}) has ended but was never reaped; set its postmaster.pid aside",
                    dataDirectory, recorded.get().pid());
        } catch (IOException e) {
            log.debug("Could not set {} aside: {}", pidFile, e.getMessage());
        }
    }

    /** Whether a live process (no zombie) has the data directory as its working directory. */
    private static boolean anyProcessWorksIn(Path dataDirectory) {
        Path directory;
        try {
            directory = dataDirectory.toRealPath();
        } catch (IOException e) {
            return true;
        }
        return ProcessHandle.allProcesses().filter(EmbeddedPostgresServer::notAZombie).anyMatch(process -> {
            try {
                return Files.readSymbolicLink(Path.of("/proc", Long.toString(process.pid()), "cwd")).equals(directory);
            } catch (IOException | RuntimeException e) {
                return false;
            }
        });
    }

    /**
     * Takes the starter's place when the process that started the server has ended: its lock,
     * then zonky's lock on the data directory, which a process starting the server through zonky
     * at this moment holds (it then keeps the place). In this JVM (tests), a handle some instance
     * left running is taken over with its lock.
     */
    private boolean takeStartersPlace() {
        Optional<FileLock> starter = tryLockWithPid(starterLockFile(dataDirectory));
        if (starter.isEmpty()) {
            return false;
        }
        EmbeddedPostgres handedOver = HANDED_OVER.remove(dataDirectory);
        if (handedOver != null) {
            startedServer = handedOver;
        } else {
            Optional<FileLock> directory = tryLock(dataDirectory.resolve(DATA_DIRECTORY_LOCK));
            if (directory.isEmpty()) {
                releaseQuietly(starter.get());
                return false;
            }
            dataDirectoryLock = directory.get();
        }
        starterLock = starter.get();
        log.info("The process that started the embedded PostgreSQL on port {} has ended; this process takes its place", port);
        return true;
    }

    /**
     * Stops the server if no other process has a session on it and no starter is left to stop it
     * later; leaves it running otherwise. Called when this process no longer needs it (its own
     * pool is closed by then). The server is never started again by this instance afterwards.
     */
    @Override
    public synchronized void close() {
        closed = true;
        long others = otherSessions();
        if (starterLock != null) {
            if (others > 0) {
                log.info("Leaving the embedded PostgreSQL running on port {}: {} session(s) of other processes use it; "
                        + "the last of them to end stops it", port, others);
                if (startedServer != null) {
                    HANDED_OVER.put(dataDirectory, startedServer);
                }
                releaseQuietly(dataDirectoryLock);
                releaseQuietly(starterLock);
                dropStartersPlace();
                return;
            }
            releaseQuietly(starterLock);
            if (startedServer != null) {
                closeStarted(startedServer);
            } else {
                runningPostmaster(dataDirectory).ifPresent(EmbeddedPostgresServer::stop);
                releaseQuietly(dataDirectoryLock);
            }
            dropStartersPlace();
            runningPostmaster(dataDirectory).ifPresent(postmaster ->
                    log.warn("The embedded PostgreSQL on port {} (pid {}) is still running after its stop", port, postmaster.pid()));
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
            stop(postmaster);
        });
    }

    private void dropStartersPlace() {
        startedServer = null;
        dataDirectoryLock = null;
        starterLock = null;
    }

    /** SIGTERM: PostgreSQL's smart shutdown, clean, and immediate with no sessions left. */
    private static void stop(ProcessHandle postmaster) {
        postmaster.destroy();
        try {
            postmaster.onExit().get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            log.warn("The embedded PostgreSQL (pid {}) did not stop within {}", postmaster.pid(), STOP_TIMEOUT);
        }
    }

    /** zonky's stop ({@code pg_ctl stop -m fast}), which also releases its lock on the data directory. */
    private static void closeStarted(EmbeddedPostgres server) {
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Client sessions of other processes on the server; with no answer, assume there are some.
     * This process's own sessions carry its {@link #applicationName()} and do not count: its
     * pool has just closed them, but their backends may not have ended yet, and counted as
     * another process's they would leave the server running with nobody left to stop it.
     */
    private long otherSessions() {
        try (Connection connection = DriverManager.getConnection(jdbcUrl(), connectionProperties(password, applicationName));
             PreparedStatement statement = connection.prepareStatement("SELECT count(*) FROM pg_stat_activity"
                     + " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
                     + " AND application_name IS DISTINCT FROM ?")) {
            statement.setString(1, applicationName);
            try (ResultSet count = statement.executeQuery()) {
                count.next();
                return count.getLong(1);
            }
        } catch (SQLException e) {
            log.debug("Could not count the embedded PostgreSQL's sessions: {}", e.getMessage());
            return runningPostmaster(dataDirectory).isPresent() ? 1 : 0;
        }
    }

    /** Whether the process that started the server has ended: nothing holds its lock any more. */
    private boolean starterGone() {
        return otherStarter(dataDirectory).isEmpty();
    }

    /**
     * The starter, when a process other than this instance holds the starter's lock: "pid N" as
     * it wrote it there. In this JVM (tests run commands in process) another instance may hold it.
     */
    private static Optional<String> otherStarter(Path dataDirectory) {
        Path file = starterLockFile(dataDirectory);
        return heldElsewhere(file) ? Optional.of(holder(file)) : Optional.empty();
    }

    /**
     * Whether another process, or another channel of this JVM, holds a lock on the file. A file
     * that is not there is held by nobody, and is not made: initdb wants an empty data directory.
     */
    private static boolean heldElsewhere(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
             FileLock lock = channel.tryLock()) {
            return lock == null;
        } catch (OverlappingFileLockException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** "pid N" as the holder of a lock wrote it into the file ({@link #tryLockWithPid}). */
    private static String holder(Path file) {
        try {
            String pid = Files.readString(file, StandardCharsets.US_ASCII).strip();
            return pid.matches("[0-9]{1,10}") ? "pid " + pid : "pid unknown";
        } catch (IOException e) {
            return "pid unknown";
        }
    }

    /** A lock on the file, with this process's pid written in it; empty if another holds it. */
    private static Optional<FileLock> tryLockWithPid(Path file) {
        Optional<FileLock> lock = tryLock(file);
        lock.ifPresent(held -> writePid(held, file));
        return lock;
    }

    private static void writePid(FileLock held, Path file) {
        try {
            held.channel().truncate(0);
            held.channel().write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
        } catch (IOException e) {
            log.debug("Could not write this process's pid into {}: {}", file, e.getMessage());
        }
    }

    /** A lock on the whole file, if no other process (and no other channel of this JVM) holds one. */
    private static Optional<FileLock> tryLock(Path file) {
        try {
            return lockedOrHeld(file);
        } catch (IOException e) {
            log.debug("Could not lock {}: {}", file, e.toString());
            return Optional.empty();
        }
    }

    /** As {@link #tryLock}, but a file that cannot be opened or locked at all is an error, not a lock held. */
    private static Optional<FileLock> lockedOrHeld(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            FileLock lock = channel.tryLock();
            if (lock != null) {
                return Optional.of(lock);
            }
        } catch (OverlappingFileLockException e) {
            log.debug("Another channel of this JVM holds {}", file);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        channel.close();
        return Optional.empty();
    }

    private static void releaseQuietly(@Nullable FileLock lock) {
        if (lock == null) {
            return;
        }
        try {
            lock.channel().close();
        } catch (IOException e) {
            log.debug("Could not release {}: {}", lock, e.getMessage());
        }
    }

    static Path starterLockFile(Path dataDirectory) {
        return dataDirectory.resolveSibling(dataDirectory.getFileName() + ".starter");
    }

    /** Held while a process starts the server through zonky ({@link #startUnlessBusy}). */
    static Path startLockFile(Path dataDirectory) {
        return dataDirectory.resolveSibling(dataDirectory.getFileName() + ".start");
    }

    static Path serverLog(Path dataDirectory) {
        return dataDirectory.resolveSibling(dataDirectory.getFileName() + ".log");
    }
}
