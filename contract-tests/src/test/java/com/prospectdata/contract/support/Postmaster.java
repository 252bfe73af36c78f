package com.prospectdata.contract.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * A running PostgreSQL as Linux shows it, found through the {@code postmaster.pid} of its data
 * directory: its pid and port, the binary it runs ({@code pg_ctl} is beside it), the options it
 * was started with, and its child processes (the backends and PostgreSQL's own workers). Faults
 * are injected through it as an operator or the kernel would cause them: {@code pg_ctl}, signals.
 */
public record Postmaster(Path dataDirectory, long pid, int port, Path binary, List<String> arguments) {

    private static final Duration PG_CTL_TIMEOUT = Duration.ofSeconds(70);

    /** The postmaster running on that data directory now; fails if none does. */
    public static Postmaster of(Path dataDirectory) {
        return running(dataDirectory).orElseThrow(() -> new IllegalStateException("No postmaster runs on " + dataDirectory));
    }

    /** The postmaster running on that data directory now, if one does. */
    public static Optional<Postmaster> running(Path dataDirectory) {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        try {
            List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
            long pid = Long.parseLong(lines.getFirst().strip());
            if (lines.size() < 4 || ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isEmpty()) {
                return Optional.empty();
            }
            Path binary = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "exe"));
            String commandLine = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"), StandardCharsets.UTF_8);
            List<String> arguments = List.of(commandLine.split("\u0000"));
            return Optional.of(new Postmaster(dataDirectory, pid, Integer.parseInt(lines.get(3).strip()), binary,
                    arguments.subList(1, arguments.size())));
        } catch (IOException | RuntimeException e) {
            // No pid file, or the process ended while it was read.
            return Optional.empty();
        }
    }

    public boolean isAlive() {
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isPresent();
    }

    /** Waits up to {@code timeout} for the postmaster to end; whether it has. */
    public boolean awaitExit(Duration timeout) {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty()) {
            return true;
        }
        try {
            process.get().onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The postmaster and every process it started (its children in /proc): backends and workers. */
    public List<Long> processes() {
        List<Long> pids = new ArrayList<>(List.of(pid));
        ProcessHandle.of(pid).ifPresent(postmaster -> postmaster.children().forEach(child -> pids.add(child.pid())));
        return pids;
    }

    /** Sends {@code signal} (e.g. {@code KILL}, {@code STOP}, {@code CONT}) to those processes. */
    public static void signal(String signal, List<Long> pids) {
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        pids.forEach(pid -> command.add(Long.toString(pid)));
        run(command);
    }

    /**
     * Freezes every process of this PostgreSQL (SIGSTOP), as a machine that stops scheduling it
     * would; closing the result resumes exactly those (SIGCONT). Close it in a finally block.
     */
    public Frozen freeze() {
        List<Long> stopped = processes();
        signal("STOP", stopped);
        return () -> signal("CONT", stopped);
    }

    /** Frozen processes; {@link #close()} resumes them. */
    public interface Frozen extends AutoCloseable {
        @Override
        void close();
    }

    /** A connection as the superuser, whose password is {@code password}. */
    public Connection connect(String database, String password) throws SQLException {
        Properties credentials = new Properties();
        credentials.setProperty("user", "postgres");
        credentials.setProperty("password", password);
        credentials.setProperty("ApplicationName", "contract tests");
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + port + "/" + database, credentials);
    }

    /** Its options but the data directory, which pg_ctl gives, in one string for {@code pg_ctl -o}; none holds a space. */
    public String options() {
        List<String> options = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            if (arguments.get(i).equals("-D")) {
                i++;
            } else {
                options.add(arguments.get(i));
            }
        }
        return String.join(" ", options);
    }

    /** Runs the pg_ctl beside its binary on its data directory, e.g. {@code pgCtl("stop", "-m", "fast", "-w")}. */
    public void pgCtl(String action, String... more) {
        List<String> command = new ArrayList<>();
        if ("root".equals(System.getProperty("user.name"))) {
            // PostgreSQL refuses to run as root; as zonky does, in a user namespace of its own.
            command.addAll(List.of("unshare", "-U"));
        }
        command.addAll(List.of(binary.resolveSibling("pg_ctl").toString(), "-D", dataDirectory.toString(), action));
        command.addAll(List.of(more));
        run(command);
    }

    private static void run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!process.waitFor(PG_CTL_TIMEOUT.toSeconds(), TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", command) + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
