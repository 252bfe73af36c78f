package com.prospectdata.contract.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged server, {@code server/target/prospect-api.jar}, run as the operators run it: the
 * operator commands of docs/OPERATIONS.md and {@code serve}, with the database given through
 * Spring Boot's {@code SPRING_DATASOURCE_*} environment variables. Every start goes through the
 * repository's launcher, {@code bin/prospect-api} (docs/OPERATIONS.md, "The launcher"): the jar as
 * Spring Boot's tools extract it, from the JDK's ahead-of-time caches that the build made before
 * the tests ran, with the JVM options of {@code contract.java-options}. A run starts dozens of
 * JVMs on two cores, and their start-up was most of its CPU. The classes that show the jar exactly
 * as a user runs it (the demo, the command line on an older Java) start it with {@code java -jar}
 * themselves.
 */
public final class ServerJar {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ServerJar.class);
    private static final long COMMAND_TIMEOUT_SECONDS = 120;

    private final Path jar;
    private final Path launcher;
    private final String javaHome;
    private final String javaOptions;
    private final Map<String, String> environment;
    private final Path commandLog;

    ServerJar(Path jar, Map<String, String> environment, Path commandLog) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("The server jar " + jar + " does not exist. Build it first: "
                    + "./mvnw -B -q -pl testing,server package -DskipTests");
        }
        this.jar = jar;
        warnIfStale(jar);
        this.launcher = Path.of(required("contract.launcher"));
        // The JDK running these tests (25); the server needs no other.
        this.javaHome = System.getProperty("java.home");
        this.javaOptions = required("contract.java-options");
        this.environment = Map.copyOf(environment);
        this.commandLog = commandLog;
    }

    /**
     * The jar with no datasource configured, so every command and {@code serve} use the embedded
     * PostgreSQL of {@code directory/data}, as a newcomer runs them; not durable, as in tests.
     */
    public static ServerJar onEmbeddedDatabase(Path directory) {
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ServerJar(Path.of(System.getProperty("contract.server.jar")),
                Map.of("APP_DATA_DIR", directory.resolve("data").toString(), "APP_EMBEDDED_POSTGRES_DURABLE", "false"),
                directory.resolve("operator-commands.log"));
    }

    /** What a command printed and how it ended. */
    public record Result(List<String> command, int exitStatus, String stdout, String stderr) {

        public Result requireSuccess() {
            if (exitStatus != 0) {
                throw new IllegalStateException("Command " + command + " failed with exit status " + exitStatus
                        + "\nstdout: " + stdout + "\nstderr: " + stderr);
            }
            return this;
        }

        /** The value of the first stdout line {@code name: value}. */
        public String field(String name) {
            return stdout.lines()
                    .filter(line -> line.startsWith(name + ": "))
                    .map(line -> line.substring(name.length() + 2).strip())
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("No '" + name + ": ' line in the output of "
                            + command + ":\n" + stdout));
        }
    }

    /** The same jar with more environment variables (e.g. the settings of another deployment). */
    public ServerJar withEnvironment(Map<String, String> more) {
        Map<String, String> merged = new java.util.HashMap<>(environment);
        merged.putAll(more);
        return new ServerJar(jar, merged, commandLog);
    }

    /** Runs an operator command (e.g. {@code keys issue --org ID --tier pro}) to its end. */
    public Result run(String... arguments) {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(arguments));
        try {
            Path stdout = Files.createTempFile(commandLog.getParent(), "command-", ".out");
            Path stderr = Files.createTempFile(commandLog.getParent(), "command-", ".err");
            try {
                ProcessBuilder builder = new ProcessBuilder(command)
                        .redirectOutput(stdout.toFile())
                        .redirectError(stderr.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
                launchedBy(builder);
                long started = System.nanoTime();
                Process process = builder.start();
                if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor();
                    throw new IllegalStateException("Command " + arguments(arguments) + " did not end within "
                            + COMMAND_TIMEOUT_SECONDS + " s");
                }
                Result result = new Result(List.of(arguments), process.exitValue(),
                        Files.readString(stdout, StandardCharsets.UTF_8), Files.readString(stderr, StandardCharsets.UTF_8));
                log(result, (System.nanoTime() - started) / 1_000_000);
                return result;
            } finally {
                Files.deleteIfExists(stdout);
                Files.deleteIfExists(stderr);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while running " + arguments(arguments), e);
        }
    }

    /** Starts {@code serve} on the port, with more Spring arguments; its output goes to {@code log}. */
    Process serve(int port, List<String> springArguments, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(launcher.toString(), "serve", "--server.port=" + port));
        command.addAll(springArguments);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        launchedBy(builder);
        return builder.start();
    }

    /**
     * The launcher's environment: this jar, the tests' JDK and JVM options, then the deployment's
     * settings. The launcher execs the JVM, so the process started is the JVM itself, and a signal
     * sent to it reaches the server.
     */
    private void launchedBy(ProcessBuilder builder) {
        Map<String, String> variables = builder.environment();
        variables.put("PROSPECT_API_JAR", jar.toString());
        variables.put("JAVA_HOME", javaHome);
        variables.put("JAVA_OPTS", javaOptions);
        variables.putAll(environment);
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("System property " + property + " is not set (the pom sets it)");
        }
        return value;
    }

    private synchronized void log(Result result, long millis) throws IOException {
        // Keys are test keys of a throw-away database; logging them helps to reproduce a failure by hand.
        String entry = "$ bin/prospect-api " + String.join(" ", result.command()) + "\n"
                + "exit status " + result.exitStatus() + " after " + millis + " ms\n"
                + result.stdout() + (result.stderr().isEmpty() ? "" : "[stderr]\n" + result.stderr()) + "\n";
        Files.writeString(commandLog, entry, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Tests of an old jar pass or fail for the wrong reasons: say so when the sources are newer. */
    private static void warnIfStale(Path jar) {
        Path root = jar.toAbsolutePath().getParent().getParent().getParent();
        try {
            java.nio.file.attribute.FileTime built = Files.getLastModifiedTime(jar);
            for (Path sources : List.of(root.resolve("server/src/main"), root.resolve("api"), root.resolve("db"))) {
                if (!Files.isDirectory(sources)) {
                    continue;
                }
                try (var files = Files.walk(sources)) {
                    Path newer = files.filter(Files::isRegularFile)
                            .filter(file -> lastModified(file).compareTo(built) > 0)
                            .findFirst().orElse(null);
                    if (newer != null) {
                        log.warn("{} is newer than {}: the tests run the old jar. Rebuild it: "
                                + "./mvnw -B -q -pl testing,server package -DskipTests", newer, jar);
                        return;
                    }
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            log.debug("Could not compare the jar's age with its sources: {}", e.toString());
        }
    }

    private static java.nio.file.attribute.FileTime lastModified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    private static String arguments(String[] arguments) {
        return String.join(" ", arguments);
    }
}
