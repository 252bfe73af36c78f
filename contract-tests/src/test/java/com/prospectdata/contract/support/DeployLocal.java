package com.prospectdata.contract.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * deploy/local's scripts (docs/OPERATIONS.md, "A scale-out topology on one machine") run by a test
 * on a state directory, a block of ports and settings of its own, with the jar under test, and the
 * topology.env that {@code up} writes.
 */
public final class DeployLocal {

    /** What a script did: its command line, exit status and output. */
    public record Run(List<String> command, int exitStatus, String stdout, String stderr) {

        public Run requireSuccess() {
            if (exitStatus != 0) {
                throw new IllegalStateException(command + " failed with exit status " + exitStatus
                        + "\nstdout: " + stdout + "\nstderr: " + stderr);
            }
            return this;
        }
    }

    private final Path repository;
    private final Path directory;
    private final String basePort;
    private final String serveArguments;

    /**
     * @param directory where the scripts' output goes; the topology's state is its {@code run}
     * @param serveArguments extra {@code --name=value} settings of every API instance
     */
    public DeployLocal(Path directory, String basePort, String serveArguments) {
        this.repository = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent();
        this.directory = directory;
        this.basePort = basePort;
        this.serveArguments = serveArguments;
    }

    /** The topology's state directory, which {@code down} removes. */
    public Path stateDirectory() {
        return directory.resolve("run");
    }

    /** A script started and not yet waited for, with the files its output goes to. */
    public record Started(List<String> command, Process process, Path stdout, Path stderr) {

        /** Waits for it to end: what it did. */
        public Run await(Duration bound) {
            try {
                if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                    throw new IllegalStateException(command + " did not end within " + bound);
                }
                return new Run(command, process.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
                        Files.readString(stderr, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new IllegalStateException(command + ": " + e, e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** One of deploy/local's scripts, waited for (at most 10 minutes). */
    public Run script(String name, String... arguments) {
        return start(name, arguments).await(Duration.ofMinutes(10));
    }

    /** {@code import} of {@code lines}, through deploy/local/cli, from a file named after {@code name}; it must succeed. */
    public Run importLines(String name, List<String> lines) {
        Path file = directory.resolve(name + "-" + UUID.randomUUID() + ".jsonl");
        try {
            Files.createDirectories(directory);
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(file + ": " + e, e);
        }
        return script("cli", "import", file.toString()).requireSuccess();
    }

    /** One of deploy/local's scripts, started and left running. */
    public Started start(String name, String... arguments) {
        List<String> command = new ArrayList<>(List.of(repository.resolve("deploy").resolve("local").resolve(name).toString()));
        command.addAll(List.of(arguments));
        try {
            Files.createDirectories(directory);
            Path stdout = Files.createTempFile(directory, name + "-", ".out");
            Path stderr = Files.createTempFile(directory, name + "-", ".err");
            Process process = builder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            return new Started(command, process, stdout, stderr);
        } catch (IOException e) {
            throw new IllegalStateException(command + ": " + e, e);
        }
    }

    private ProcessBuilder builder(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> environment = builder.environment();
        environment.put("DEPLOY_LOCAL_DIR", stateDirectory().toString());
        environment.put("DEPLOY_LOCAL_JAR", System.getProperty("contract.server.jar"));
        // The same JVM options as every other server of the run, so that they share its start-up cache.
        environment.put("DEPLOY_LOCAL_JAVA_OPTS", System.getProperty("contract.java-options"));
        environment.put("JAVA_HOME", Path.of(ProcessHandle.current().info().command().orElseThrow()).getParent().getParent().toString());
        environment.put("DEPLOY_LOCAL_BASE_PORT", basePort);
        environment.put("DEPLOY_LOCAL_SERVE_ARGS", serveArguments);
        return builder;
    }

    /** The topology.env that {@code up} wrote: its shell assignments as a map. */
    public Map<String, String> topology() throws IOException {
        Pattern assignment = Pattern.compile("^([A-Z_]+)='(.*)'$");
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : Files.readAllLines(stateDirectory().resolve("topology.env"))) {
            Matcher matcher = assignment.matcher(line);
            if (matcher.matches()) {
                values.put(matcher.group(1), matcher.group(2).replace("'\\''", "'"));
            }
        }
        return values;
    }

    /** Whether something accepts connections on this port of 127.0.0.1 (after {@code down}: nothing may). */
    public static boolean listening(int port) {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new java.net.InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
