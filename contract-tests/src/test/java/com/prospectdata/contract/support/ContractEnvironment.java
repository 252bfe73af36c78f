package com.prospectdata.contract.support;

import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Operation;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything the contract tests run against, started once for the whole run: a {@link Deployment}
 * (a database of our own with the fixture imported by the server's own {@code import} command),
 * API keys issued with {@code keys issue}, and the packaged server {@code serve}d as a
 * {@link ServerProcess}. Closed by {@link ContractServerExtension} at the end of the run, or by a
 * shutdown hook if the run is cut short.
 *
 * <p>System properties (set by the pom): {@code contract.server.jar}, {@code contract.openapi}
 * and {@code contract.database.admin-url} (empty: embedded PostgreSQL).
 */
public final class ContractEnvironment implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ContractEnvironment.class);

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

    private Deployment deployment;
    private ServerProcess server;
    private Keys keys;
    private boolean closed;

    private ContractEnvironment() {
    }

    /** The running environment; started on first use. A failed start is not retried. */
    public static synchronized ContractEnvironment shared() {
        if (startFailure != null) {
            throw new IllegalStateException("The contract test environment could not be started (see the first failure)", startFailure);
        }
        if (shared == null) {
            ContractEnvironment environment = new ContractEnvironment();
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
        deployment = Deployment.createIn(Deployment.contractDirectory(), Map.of());
        ServerJar jar = deployment.operatorCommands();
        ExecutorService executor = Executors.newFixedThreadPool(3);
        try {
            CompletableFuture<ServerProcess> serving = CompletableFuture.supplyAsync(() -> deployment.server("server")
                    // A plain-HTTP listener too, which must refuse everything with 403 HTTPS_REQUIRED (HttpsJarTest).
                    .plainHttpListener()
                    // The tests fail authentication on purpose, dozens of times a minute from one address;
                    // the throttle of failed attempts is a deployment setting, tested on a server of its own.
                    .argument("--app.auth.failed-attempts-per-minute=100000")
                    // TypeScriptSyncExampleJarTest ages a change and waits for retention to remove it.
                    .argument("--app.changes.prune-interval=1s")
                    .start(), executor);
            CompletableFuture<String> main = CompletableFuture.supplyAsync(
                    () -> issue(jar, "--org", Fixture.ORG_OURS, "--tier", "pro", "--label", "contract tests"), executor);
            CompletableFuture<String> noScope = CompletableFuture.supplyAsync(
                    () -> issue(jar, "--org", Fixture.ORG_OURS, "--tier", "pro", "--scopes", ""), executor);
            // A live key is issued by the live deployment's settings: this one serves test keys and refuses to.
            CompletableFuture<String> live = noScope.thenApplyAsync(ignored -> jar.withEnvironment(Map.of("APP_ENVIRONMENT", "live"))
                    .run("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", "pro", "--environment", "live")
                    .requireSuccess().field("key"), executor);
            CompletableFuture<String> revoked = main.thenApplyAsync(ignored -> issueAndRevoke(jar), executor);
            CompletableFuture<String> other = live.thenApplyAsync(
                    ignored -> issue(jar, "--org", Fixture.ORG_OTHER, "--tier", "free"), executor);
            try {
                CompletableFuture.allOf(serving, main, noScope, live, revoked, other).join();
            } finally {
                // Closed with the environment even when a key could not be issued.
                server = serving.getNow(null);
            }
            keys = new Keys(main.join(), noScope.join(), live.join(), revoked.join(), other.join());
            Operation.changesCursorIs(Api.givenKeyAt(server.baseUri(), keys.main())
                    .get(Operation.GET_PROSPECT_SEARCH.validRequest()).then().statusCode(200)
                    .extract().path("changes_cursor"));
        } catch (CompletionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } finally {
            executor.shutdownNow();
        }
        log.info("Contract test environment ready in {} ms: server on port {}", (System.nanoTime() - started) / 1_000_000, server.port());
    }

    private static String issue(ServerJar jar, String... options) {
        String[] arguments = new String[options.length + 2];
        arguments[0] = "keys";
        arguments[1] = "issue";
        System.arraycopy(options, 0, arguments, 2, options.length);
        return jar.run(arguments).requireSuccess().field("key");
    }

    private static String issueAndRevoke(ServerJar jar) {
        ServerJar.Result issued = jar.run("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", "pro").requireSuccess();
        jar.run("keys", "revoke", issued.field("id")).requireSuccess();
        return issued.field("key");
    }

    public String baseUri() {
        return server.baseUri();
    }

    public int port() {
        return server.port();
    }

    /** Whether the server answers its port over TLS (it must). */
    public boolean isHttps() {
        return server.isHttps();
    }

    /** The shared server process: its ports, its management port, its log. */
    public ServerProcess server() {
        return server;
    }

    /** The port of the server's plain-HTTP listener (app.plain-http-port), which must serve nothing. */
    public int plainHttpPort() {
        return server.plainHttpPort();
    }

    public Keys keys() {
        return keys;
    }

    public Fixture fixture() {
        return deployment.fixture();
    }

    /** The database, fixture and operator commands the shared server runs on. */
    public Deployment deployment() {
        return deployment;
    }

    /**
     * The operator commands of the server under test, on the same database, for tests that need
     * a key of their own (for example an enterprise key with a small --rate-limit, as in
     * RateLimitJarTest: keys of the shared {@link Keys} must not run out of budget).
     */
    public ServerJar operatorCommands() {
        return deployment.operatorCommands();
    }

    /**
     * Faults of the server's database, injected from outside the server (ServerFaultJarTest,
     * DatabaseOutageJarTest). Tests that use them must run alone: {@code @Isolated}.
     */
    public DatabaseFaults databaseFaults() {
        return deployment.databaseFaults();
    }

    public Path serverLog() {
        return server.log();
    }

    /** The server's log, e.g. to find a request id in it. */
    public String serverLogText() {
        return server.logText();
    }

    @Override
    public synchronized void close() throws Exception {
        if (closed) {
            return;
        }
        closed = true;
        CloseAll.run(List.of(
                () -> {
                    if (server != null) {
                        server.close();
                    }
                },
                () -> {
                    if (deployment != null) {
                        deployment.close();
                    }
                }));
    }

    private void closeQuietly() {
        try {
            close();
        } catch (Exception e) {
            log.warn("Could not clean up the contract test environment: {}", e.toString());
        }
    }
}
