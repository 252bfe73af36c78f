package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.EmbeddedDeployment;
import com.prospectdata.contract.support.LivenessWatch;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Postmaster;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerJar;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.Serving;
import io.restassured.response.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code serve} brings back the embedded PostgreSQL it started (docs/OPERATIONS.md, "The
 * embedded database"), on a directory of its own with no datasource configured, as a newcomer
 * runs it. Killed (SIGKILL of the postmaster) and stopped ({@code pg_ctl stop -m fast}) under
 * it, the database is started again on the same port: {@code GET /health} and an authenticated
 * read answer 200 again within 10 s, with the same {@code serve} throughout. A start that fails
 * (a setting PostgreSQL refuses, written while it ran) is retried, one log line per attempt,
 * until the cause is gone. The liveness probe stays 200 throughout, and an operator command run
 * while the database is down either works or fails with one line, within its bounded wait.
 * Finally {@code serve}'s shutdown stops the database it restarted, though the sessions of its
 * own pool are still ending as it looks for other users of it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@RunsBesideOthers
@Order(7) // started first, the longest first (junit-platform.properties)
class EmbeddedDatabaseRecoveryJarTest {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabaseRecoveryJarTest.class);
    /** From the moment the database can start again to serving. */
    private static final Duration WITHIN = Duration.ofSeconds(10);
    /** Point lookups sent at once before the shutdown: one key may send as many (its share of the light slots). */
    private static final int BURST = 30;
    /** How long the pool's backends are held back once SIGTERM is sent. */
    private static final Duration HELD = Duration.ofMillis(1500);
    /**
     * A command beside serve: its JVM's start, its wait of at most 10 s for serve to bring the
     * database back, its work; on a machine busy with the whole run a command's JVM alone has taken
     * 15 s, and the whole command 46 s on a slower 2-core machine. Short of the minute a command
     * once hung for.
     */
    private static final Duration COMMAND_BOUND = Duration.ofSeconds(55);

    /** Threads of this class's own: the common pool may be busy with another class's blocking work. */
    private static final ExecutorService COMMANDS = Executors.newVirtualThreadPerTaskExecutor();

    private EmbeddedDeployment deployment;
    private ServerProcess server;
    private String key;

    @BeforeAll
    void startServeOnItsOwnEmbeddedDatabase() {
        deployment = EmbeddedDeployment.create("embedded-recovery");
        key = deployment.issueKey("EmbeddedDatabaseRecoveryJarTest");
        server = deployment.server("embedded-recovery").start();
    }

    @AfterAll
    void stopServe() {
        if (server != null) {
            server.close();
        }
    }

    /** An operator command and how long it took. */
    private record Beside(ServerJar.Result result, Duration took) {
    }

    private CompletableFuture<Beside> commandBeside() {
        return CompletableFuture.supplyAsync(() -> {
            Instant started = Instant.now();
            ServerJar.Result result = deployment.operatorCommands().run("keys", "list");
            return new Beside(result, Duration.between(started, Instant.now()));
        }, COMMANDS);
    }

    private static void assertWorksOrFailsInOneLine(Beside command) {
        assertThat(command.took()).as("the command beside serve: %s", command.result()).isLessThanOrEqualTo(COMMAND_BOUND);
        if (command.result().exitStatus() != 0) {
            assertThat(command.result().stderr().lines().filter(line -> !line.isBlank()).toList())
                    .as("a failed command says why in one line").hasSize(1);
        }
    }

    private void assertServingWithin(Instant since, String what) throws InterruptedException {
        Optional<Duration> serving = Serving.await(server, key, since, Duration.ofSeconds(30));
        log.info("{}: serving again after {}", what, serving.map(d -> d.toMillis() + " ms").orElse("more than 30 s"));
        assertThat(serving).as("%s: GET /health and a read answer 200 again", what).isPresent();
        assertThat(serving.get()).as("%s: serving again", what).isLessThanOrEqualTo(WITHIN);
        Response read = server.validRequest().header("Authorization", "Bearer " + key).get(Serving.READ);
        assertThat(read.statusCode()).isEqualTo(200);
    }

    private void assertRestartedOnTheSamePort(Postmaster before) {
        Postmaster after = deployment.postmaster().orElseThrow();
        assertThat(after.pid()).as("a new postmaster").isNotEqualTo(before.pid());
        assertThat(after.port()).as("on the port the pool's URL names").isEqualTo(before.port());
        assertThat(server.isAlive()).as("the same serve throughout").isTrue();
    }

    @Test
    @Order(1)
    void aKilledPostmasterIsStartedAgain() throws Exception {
        Postmaster before = deployment.postmaster().orElseThrow();
        try (LivenessWatch liveness = LivenessWatch.of(server)) {
            Instant killed = Instant.now();
            Postmaster.signal("KILL", List.of(before.pid()));
            CompletableFuture<Beside> command = commandBeside();
            assertServingWithin(killed, "SIGKILL of the postmaster");
            assertRestartedOnTheSamePort(before);
            assertWorksOrFailsInOneLine(command.get(COMMAND_BOUND.toSeconds() + 30, TimeUnit.SECONDS));
            assertThat(liveness.failures()).as("liveness while the database was down").isEmpty();
        }
    }

    @Test
    @Order(2)
    void aFastStopIsUndoneToo() throws Exception {
        Postmaster before = deployment.postmaster().orElseThrow();
        try (LivenessWatch liveness = LivenessWatch.of(server)) {
            before.pgCtl("stop", "-m", "fast", "-w");
            Instant stopped = Instant.now();
            CompletableFuture<Beside> command = commandBeside();
            assertServingWithin(stopped, "pg_ctl stop -m fast");
            assertRestartedOnTheSamePort(before);
            assertWorksOrFailsInOneLine(command.get(COMMAND_BOUND.toSeconds() + 30, TimeUnit.SECONDS));
            assertThat(liveness.failures()).as("liveness while the database was down").isEmpty();
        }
    }

    @Test
    @Order(3)
    void aStartThatFailsIsRetriedUntilItsCauseIsGone() throws Exception {
        Postmaster before = deployment.postmaster().orElseThrow();
        Path settings = deployment.dataDirectory().resolve("postgresql.auto.conf");
        String original = Files.readString(settings, StandardCharsets.UTF_8);
        int logLines = (int) server.logText().lines().count();
        try (LivenessWatch liveness = LivenessWatch.of(server)) {
            Beside command;
            try {
                // Read at the next start only: the running server never sees it.
                Files.writeString(settings, original + "work_mem = 'lots'\n", StandardCharsets.UTF_8);
                before.pgCtl("stop", "-m", "fast", "-w");
                command = commandBeside().get(COMMAND_BOUND.toSeconds() + 30, TimeUnit.SECONDS);
            } finally {
                Files.writeString(settings, original, StandardCharsets.UTF_8);
            }
            Instant fixed = Instant.now();
            assertServingWithin(fixed, "a start that failed until its cause was gone");
            assertRestartedOnTheSamePort(before);

            assertWorksOrFailsInOneLine(command);
            assertThat(command.result().exitStatus()).as("the database could not start meanwhile: %s", command.result()).isEqualTo(1);
            assertThat(command.result().stderr()).contains("not running");
            List<String> since = server.logText().lines().skip(logLines).toList();
            List<String> failedAttempts = since.stream().filter(line -> line.contains("restart attempt")
                    && line.contains("failed")).toList();
            log.info("Failed restarts while the setting was refused:\n{}", String.join("\n", failedAttempts));
            assertThat(failedAttempts).as("one line per failed attempt, saying why").hasSizeGreaterThanOrEqualTo(3)
                    .allMatch(line -> line.contains("work_mem") || line.contains("configuration file"));
            assertThat(since).as("no stack trace").noneMatch(line -> line.startsWith("\tat "));
            assertThat(liveness.failures()).as("liveness while the database could not start").isEmpty();
        }
    }

    /**
     * Last: {@code serve}'s shutdown stops the database it restarted, even when the sessions of
     * its own pool are still ending as it counts who else uses the database (they are its own,
     * not another process's). A burst of point lookups opens the pool's connections, their
     * backends are held back (SIGSTOP) while SIGTERM ends {@code serve}, as a busy machine holds
     * them, and no postmaster is left running.
     */
    @Test
    @Order(4)
    void theShutdownStopsTheDatabaseThoughItsOwnSessionsAreStillEnding() throws Exception {
        Postmaster postmaster = deployment.postmaster().orElseThrow();
        HttpClient client = HttpClient.newBuilder().sslContext(LocalTls.trustingEverything())
                .connectTimeout(Duration.ofSeconds(5)).build();
        List<CompletableFuture<HttpResponse<Void>>> burst = new ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            burst.add(client.sendAsync(HttpRequest.newBuilder(URI.create(server.baseUri() + Serving.READ))
                    .header("Authorization", "Bearer " + key).timeout(Duration.ofSeconds(20)).GET().build(),
                    HttpResponse.BodyHandlers.discarding()));
        }
        for (CompletableFuture<HttpResponse<Void>> response : burst) {
            assertThat(response.join().statusCode()).isEqualTo(200);
        }
        List<Long> sessions = clientBackends(postmaster);
        assertThat(sessions).as("the pool's sessions").isNotEmpty();
        Postmaster.signal("STOP", sessions);
        try {
            server.terminate();
            Thread.sleep(HELD);
        } finally {
            Postmaster.signal("CONT", sessions);
        }
        assertThat(server.awaitExit(Duration.ofSeconds(60))).as("serve exits after SIGTERM").isPresent();
        boolean stopped = postmaster.awaitExit(Duration.ofSeconds(20));
        List<String> said = server.logText().lines().filter(line -> line.contains("embedded PostgreSQL")).toList();
        log.info("Shutdown with {} of its sessions held back: postmaster {} {}", sessions.size(), postmaster.pid(),
                stopped ? "stopped" : "left running");
        if (!stopped) {
            // Stopped here so that the run leaves nothing behind; the failure says what serve said.
            postmaster.pgCtl("stop", "-m", "fast", "-w");
        }
        assertThat(stopped).as("serve's shutdown stopped the database; serve said %s", said).isTrue();
    }

    /** The backends of every client session but the one asking, which ends before they are held back. */
    private List<Long> clientBackends(Postmaster postmaster) throws Exception {
        List<Long> pids = new ArrayList<>();
        try (Connection connection = postmaster.connect("postgres", deployment.password());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT pid FROM pg_stat_activity"
                     + " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()")) {
            while (rows.next()) {
                pids.add(rows.getLong(1));
            }
        }
        return pids;
    }
}
