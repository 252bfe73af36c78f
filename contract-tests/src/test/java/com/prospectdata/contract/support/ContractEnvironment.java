package com.prospectdata.contract.support;

import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Operation;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything the contract tests run against, started once for the whole run: a {@link Deployment}
 * (a database of our own with the fixture imported by the server's own {@code import} command),
 * API keys written into it as {@code keys issue} writes them ({@link FixtureKey}), and the
 * packaged server {@code serve}d as a {@link ServerProcess}. Closed by
 * {@link ContractServerExtension} at the end of the run, or by a shutdown hook if the run is cut
 * short.
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
        // Written before the server starts, not issued by commands: keys issue is tested where it is the subject.
        keys = new Keys(
                FixtureKey.of(Fixture.ORG_OURS).label("contract tests").writeTo(deployment).key(),
                FixtureKey.of(Fixture.ORG_OURS).noScopes().writeTo(deployment).key(),
                FixtureKey.of(Fixture.ORG_OURS).live().writeTo(deployment).key(),
                FixtureKey.of(Fixture.ORG_OURS).revoked().writeTo(deployment).key(),
                FixtureKey.of(Fixture.ORG_OTHER).tier("free").writeTo(deployment).key());
        server = deployment.server("server")
                // A plain-HTTP listener too, which must refuse everything with 403 HTTPS_REQUIRED (HttpsJarTest).
                .plainHttpListener()
                // The tests fail authentication on purpose, dozens of times a minute from one address;
                // the throttle of failed attempts is a deployment setting, tested on a server of its own.
                .argument("--app.auth.failed-attempts-per-minute=100000")
                // TypeScriptSyncExampleJarTest ages a change and waits for retention to remove it.
                .argument("--app.changes.prune-interval=1s")
                .start();
        Operation.changesCursorIs(Api.givenKeyAt(server.baseUri(), keys.main())
                .get(Operation.GET_PROSPECT_SEARCH.validRequest()).then().statusCode(200)
                .extract().path("changes_cursor"));
        log.info("Contract test environment ready in {} ms: server on port {}", (System.nanoTime() - started) / 1_000_000, server.port());
    }

    /** A key for a test's own use (its own budget, say), written into the shared deployment's database. */
    public FixtureKey key(FixtureKey.Spec spec) {
        return spec.writeTo(deployment);
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
     * The operator commands of the server under test, on the same database: {@code import}, and
     * the key commands where they are what a test is about. A test that only needs a key of its
     * own (its own budget, say) writes one with {@link #key}.
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
