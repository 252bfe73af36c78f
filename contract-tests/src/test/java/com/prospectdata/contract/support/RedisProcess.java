package com.prospectdata.contract.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@code redis-server} of a test's own, on a free port, without persistence
 * ({@code --save "" --appendonly no}): started by the test, killed and restarted on the same
 * port to show an outage, and stopped at the end. Never the machine's Redis on 6379. Commands
 * go over a socket in Redis's inline protocol, enough for PING, DBSIZE and EXISTS.
 */
public final class RedisProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);

    private final Path directory;
    private final int port;
    private Process process;
    private Thread shutdownHook;
    private int starts;

    private RedisProcess(Path directory, int port) {
        this.directory = directory;
        this.port = port;
    }

    /** Starts redis-server on a free port, with its log and working directory in {@code directory}. */
    public static RedisProcess start(Path directory) {
        RedisProcess redis = new RedisProcess(directory, ServerProcess.freePort());
        redis.startProcess();
        return redis;
    }

    public int port() {
        return port;
    }

    /** For SPRING_DATA_REDIS_URL. */
    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    public boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** Kills the server at once (SIGKILL), as a crash would; the port stays the same for {@link #restart()}. */
    public void kill() {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("redis-server on port " + port + " did not die within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        removeShutdownHook();
    }

    /** Starts a new, empty redis-server on the same port. */
    public void restart() {
        if (isRunning()) {
            throw new IllegalStateException("redis-server on port " + port + " is still running");
        }
        startProcess();
    }

    /** An inline command (e.g. {@code DBSIZE}), answered as Redis writes its first reply line, e.g. {@code :3}. */
    public String command(String... words) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            out.write((String.join(" ", words) + "\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            return line(socket.getInputStream());
        } catch (IOException e) {
            throw new UncheckedIOException("redis-server on port " + port + " did not answer " + List.of(words), e);
        }
    }

    /** Whether Redis holds this key. */
    public boolean exists(String key) {
        return ":1".equals(command("EXISTS", key));
    }

    private void startProcess() {
        try {
            Files.createDirectories(directory);
            Path log = directory.resolve("redis-" + (++starts) + ".log");
            process = new ProcessBuilder("redis-server",
                    "--port", Integer.toString(port),
                    "--bind", "127.0.0.1",
                    "--save", "",
                    "--appendonly", "no",
                    "--dir", directory.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            Process started = process;
            shutdownHook = new Thread(started::destroyForcibly, "redis-" + port + "-shutdown");
            Runtime.getRuntime().addShutdownHook(shutdownHook);
            Instant deadline = Instant.now().plus(START_TIMEOUT);
            while (Instant.now().isBefore(deadline)) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("redis-server exited with status " + process.exitValue()
                            + "; see " + log + ":\n" + Files.readString(log));
                }
                try {
                    if ("+PONG".equals(command("PING"))) {
                        return;
                    }
                } catch (UncheckedIOException notYet) {
                    // not listening yet
                }
                ServerProcess.sleep(100);
            }
            throw new IllegalStateException("redis-server on port " + port + " did not answer PING within " + START_TIMEOUT);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start redis-server (is it installed?)", e);
        }
    }

    private void removeShutdownHook() {
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
            shutdownHook = null;
        }
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
        removeShutdownHook();
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("Connection closed in the middle of a reply");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.UTF_8);
    }
}
