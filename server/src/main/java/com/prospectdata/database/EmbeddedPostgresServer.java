package com.prospectdata.database;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL kept in the data directory, used when no {@code spring.datasource.url} is set.
 *
 * <p>Every process of the operator tool uses the same data directory: the first one starts the
 * server (and stops it when it ends), the others attach to the one that is running, found
 * through PostgreSQL's own {@code postmaster.pid}. That way {@code keys issue} works while
 * {@code serve} is up, and on its own.
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
    private static final Duration ATTACH_TIMEOUT = Duration.ofSeconds(60);

    private final EmbeddedPostgres ownedServer;
    private final int port;

    private EmbeddedPostgresServer(EmbeddedPostgres ownedServer, int port) {
        this.ownedServer = ownedServer;
        this.port = port;
    }

    /**
     * Attaches to the server running on {@code dataDirectory}, or starts one there with
     * {@code sharedBuffers} (PostgreSQL's memory size syntax, e.g. {@code 128MB}) of buffer cache.
     */
    public static EmbeddedPostgresServer startOrAttach(Path dataDirectory, int preferredPort, String sharedBuffers) {
        long deadline = System.nanoTime() + ATTACH_TIMEOUT.toNanos();
        while (true) {
            Optional<Integer> running = runningPort(dataDirectory);
            if (running.isPresent()) {
                log.info("Using the embedded PostgreSQL already running on port {} ({})", running.get(), dataDirectory);
                return new EmbeddedPostgresServer(null, running.get());
            }
            try {
                Files.createDirectories(dataDirectory);
                EmbeddedPostgres started = EmbeddedPostgres.builder()
                        .setDataDirectory(dataDirectory)
                        .setCleanDataDirectory(false)
                        .setPort(preferredPort)
                        .setServerConfig("max_connections", "100")
                        .setServerConfig("shared_buffers", sharedBuffers)
                        // Code-point ordering and Unicode case folding, the same on every machine.
                        .setLocaleConfig("locale-provider", "builtin")
                        .setLocaleConfig("builtin-locale", "C.UTF-8")
                        .setPGStartupWait(Duration.ofSeconds(60))
                        .start();
                log.info("Started the embedded PostgreSQL on port {} ({})", started.getPort(), dataDirectory);
                return new EmbeddedPostgresServer(started, started.getPort());
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

    /** The port of a live postmaster on that directory, from the pid file PostgreSQL keeps there. */
    static Optional<Integer> runningPort(Path dataDirectory) {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        if (!Files.isRegularFile(pidFile)) {
            return Optional.empty();
        }
        try {
            List<String> lines = Files.readAllLines(pidFile);
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

    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + port + "/postgres";
    }

    public String username() {
        return "postgres";
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
