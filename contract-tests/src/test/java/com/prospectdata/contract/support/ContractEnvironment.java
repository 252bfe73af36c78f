package com.prospectdata.contract.support;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything the contract tests run against, started once for the whole run: a database of our
 * own, the fixture imported with the server's own {@code import} command, API keys issued with
 * {@code keys issue}, and the packaged server itself, {@code serve}d on a free port as a separate
 * process. Closed by {@link ContractServerExtension} at the end of the run, or by a shutdown hook
 * if the run is cut short.
 *
 * <p>System properties (set by the pom): {@code contract.server.jar}, {@code contract.openapi},
 * {@code contract.fixture}, and {@code contract.database.admin-url} (empty: embedded PostgreSQL).
 */
public final class ContractEnvironment implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ContractEnvironment.class);
    private static final Duration SERVER_START_TIMEOUT = Duration.ofSeconds(120);

    private static ContractEnvironment shared;
    private static RuntimeException startFailure;

    /** The keys the tests use; all of our organization unless named otherwise. */
    public record Keys(
            /** pro tier, companies:read, this deployment's environment (test). */
            String main,
            /** Issued with {@code --scopes ''}: authenticates, but may read nothing. */
            String noScope,
            /** A well-formed key of the other environment ({@code --environment live}). */
            String live,
            /** Revoked before the server ever saw it. */
            String revoked,
            /** A companies:read key of the other organization, free tier. */
            String otherOrganization) {
    }

    private final Path workDirectory;
    private final List<AutoCloseable> resources = new ArrayList<>();
    private TestDatabase database;
    private ServerJar jar;
    private Fixture fixture;
    private Keys keys;
    private Process server;
    private Path serverLog;
    private int port;
    private int plainHttpPort;
    private String scheme;
    private boolean closed;

    private ContractEnvironment(Path workDirectory) {
        this.workDirectory = workDirectory;
    }

    /** The running environment; started on first use. A failed start is not retried. */
    public static synchronized ContractEnvironment shared() {
        if (startFailure != null) {
            throw new IllegalStateException("The contract test environment could not be started (see the first failure)", startFailure);
        }
        if (shared == null) {
            ContractEnvironment environment = new ContractEnvironment(
                    Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target").resolve("contract"));
            Runtime.getRuntime().addShutdownHook(new Thread(environment::closeQuietly, "contract-environment-shutdown"));
            try {
                environment.start();
            } catch (Exception e) {
                environment.closeQuietly();
                startFailure = e instanceof RuntimeException runtime ? runtime
                        : new IllegalStateException("Could not start the contract test environment: " + e, e);
                throw startFailure;
            }
            shared = environment;
        }
        return shared;
    }

    static synchronized void closeShared() {
        if (shared != null) {
            shared.closeQuietly();
        }
    }

    private void start() throws Exception {
        long started = System.nanoTime();
        Files.createDirectories(workDirectory);
        String adminUrl = System.getProperty("contract.database.admin-url", "").strip();
        database = adminUrl.isEmpty() ? TestDatabase.embedded(workDirectory) : TestDatabase.onServer(adminUrl);
        resources.add(database);
        log.info("Database: {}", database.describe());

        jar = new ServerJar(Path.of(requiredProperty("contract.server.jar")), Map.of(
                "SPRING_DATASOURCE_URL", database.jdbcUrl(),
                "SPRING_DATASOURCE_USERNAME", database.username(),
                "SPRING_DATASOURCE_PASSWORD", database.password(),
                "APP_ENVIRONMENT", "test",
                // Where the server keeps files of its own (e.g. a self-signed certificate): not in the sources.
                "APP_DATA_DIR", workDirectory.resolve("data").toString()),
                freshFile("operator-commands.log"));

        fixture = Fixture.generate(Path.of(requiredProperty("contract.fixture")),
                workDirectory.resolve("fixture.jsonl"), Instant.now());
        // The first command also migrates the empty database; nothing else may run alongside it.
        jar.run("import", fixture.file().toString()).requireSuccess();

        ExecutorService executor = Executors.newFixedThreadPool(3);
        try {
            CompletableFuture<Void> serving = CompletableFuture.runAsync(this::startServer, executor);
            CompletableFuture<String> main = CompletableFuture.supplyAsync(
                    () -> issue("--org", Fixture.ORG_OURS, "--tier", "pro", "--label", "contract tests"), executor);
            CompletableFuture<String> noScope = CompletableFuture.supplyAsync(
                    () -> issue("--org", Fixture.ORG_OURS, "--tier", "pro", "--scopes", ""), executor);
            // A live key is issued by the live deployment's settings: this one serves test keys and refuses to.
            CompletableFuture<String> live = noScope.thenApplyAsync(ignored -> jar.withEnvironment(Map.of("APP_ENVIRONMENT", "live"))
                    .run("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", "pro", "--environment", "live")
                    .requireSuccess().field("key"), executor);
            CompletableFuture<String> revoked = main.thenApplyAsync(ignored -> issueAndRevoke(), executor);
            CompletableFuture<String> other = live.thenApplyAsync(
                    ignored -> issue("--org", Fixture.ORG_OTHER, "--tier", "free"), executor);
            CompletableFuture.allOf(serving, main, noScope, live, revoked, other).join();
            keys = new Keys(main.join(), noScope.join(), live.join(), revoked.join(), other.join());
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } finally {
            executor.shutdownNow();
        }
        log.info("Contract test environment ready in {} ms: server on port {}", (System.nanoTime() - started) / 1_000_000, port);
    }

    private String issue(String... options) {
        String[] arguments = new String[options.length + 2];
        arguments[0] = "keys";
        arguments[1] = "issue";
        System.arraycopy(options, 0, arguments, 2, options.length);
        return jar.run(arguments).requireSuccess().field("key");
    }

    private String issueAndRevoke() {
        ServerJar.Result issued = jar.run("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", "pro").requireSuccess();
        jar.run("keys", "revoke", issued.field("id")).requireSuccess();
        return issued.field("key");
    }

    private void startServer() {
        try {
            port = freePort();
            do {
                plainHttpPort = freePort();
            } while (plainHttpPort == port);
            serverLog = freshFile("server.log");
            server = jar.serve(port, List.of(
                    // A plain-HTTP listener too, which must refuse everything with 403 HTTPS_REQUIRED (HttpsTest).
                    "--app.plain-http-port=" + plainHttpPort,
                    // The tests fail authentication on purpose, dozens of times a minute from one address;
                    // the throttle of failed attempts is a deployment setting, tested on a server of its own.
                    "--app.auth.failed-attempts-per-minute=100000"), serverLog);
            awaitHealthy();
        } catch (IOException e) {
            throw new IllegalStateException("Could not start the server: " + e, e);
        }
    }

    /**
     * Waits until GET /health answers 200, over HTTPS (README, HTTPS: the server speaks
     * TLS) or, if the server does not, plain HTTP; HttpsTest fails in that case.
     */
    private void awaitHealthy() throws IOException {
        HttpClient client = HttpClient.newBuilder()
                .sslContext(LocalTls.trustingEverything())
                .connectTimeout(Duration.ofSeconds(2))
                .build();
        Instant deadline = Instant.now().plus(SERVER_START_TIMEOUT);
        String last = "no answer";
        while (Instant.now().isBefore(deadline)) {
            if (!server.isAlive()) {
                throw new IllegalStateException("The server exited with status " + server.exitValue()
                        + " before it was healthy. Its log, " + serverLog + ", ends with:\n" + tail(serverLog));
            }
            for (String candidate : List.of("https", "http")) {
                HttpRequest health = HttpRequest.newBuilder(URI.create(candidate + "://127.0.0.1:" + port + "/health"))
                        .timeout(Duration.ofSeconds(5)).GET().build();
                try {
                    int status = client.send(health, HttpResponse.BodyHandlers.discarding()).statusCode();
                    if (status == 200) {
                        scheme = candidate;
                        return;
                    }
                    last = candidate + " status " + status;
                } catch (IOException notYet) {
                    // not listening yet, or not this scheme
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("Interrupted while waiting for the server", e);
                }
            }
            sleep(200);
        }
        throw new IllegalStateException("The server did not answer GET /health with 200 within " + SERVER_START_TIMEOUT
                + " (last: " + last + "). Its log, " + serverLog + ", ends with:\n" + tail(serverLog));
    }

    public String baseUri() {
        return scheme + "://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** Whether the server answers its port over TLS (it must). */
    public boolean isHttps() {
        return "https".equals(scheme);
    }

    /** The port of the server's plain-HTTP listener (app.plain-http-port), which must serve nothing. */
    public int plainHttpPort() {
        return plainHttpPort;
    }

    public Keys keys() {
        return keys;
    }

    public Fixture fixture() {
        return fixture;
    }

    /**
     * The operator commands of the server under test, on the same database, for tests that need
     * a key of their own (for example an enterprise key with a small --rate-limit, as in
     * RateLimitTest: keys of the shared {@link Keys} must not run out of budget).
     */
    public ServerJar operatorCommands() {
        return jar;
    }

    /**
     * Faults of the server's database, injected from outside the server (ServerFaultTest,
     * DatabaseOutageTest). Tests that use them must run alone: {@code @Isolated}.
     */
    public DatabaseFaults databaseFaults() {
        return new DatabaseFaults(database);
    }

    public Path serverLog() {
        return serverLog;
    }

    /** The server's log, e.g. to find a request id in it. */
    public String serverLogText() {
        try {
            return Files.readString(serverLog, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() throws Exception {
        if (closed) {
            return;
        }
        closed = true;
        if (server != null) {
            server.destroy();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                log.warn("The server did not stop within 20 s; killing it");
                server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        List<CloseAll.Step> steps = new ArrayList<>();
        for (int i = resources.size() - 1; i >= 0; i--) {
            steps.add(resources.get(i)::close);
        }
        CloseAll.run(steps);
    }

    private void closeQuietly() {
        try {
            close();
        } catch (Exception e) {
            log.warn("Could not clean up the contract test environment: {}", e.toString());
        }
    }

    private Path freshFile(String name) throws IOException {
        Path file = workDirectory.resolve(name);
        Files.deleteIfExists(file);
        return file;
    }

    private static String requiredProperty(String name) {
        String value = System.getProperty(name, "");
        if (value.isBlank()) {
            throw new IllegalStateException("System property " + name + " is not set (the pom sets it for surefire)");
        }
        return value;
    }

    /** A free port, never 8080 nor 18080-18099 (used by others on this machine). */
    private static int freePort() throws IOException {
        for (int attempt = 0; attempt < 20; attempt++) {
            try (ServerSocket socket = new ServerSocket(0)) {
                int candidate = socket.getLocalPort();
                if (candidate != 8080 && (candidate < 18080 || candidate > 18099)) {
                    return candidate;
                }
            }
        }
        throw new IllegalStateException("No free port found");
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
