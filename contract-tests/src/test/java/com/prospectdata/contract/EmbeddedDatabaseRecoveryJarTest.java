package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.EmbeddedDeployment;
import com.prospectdata.contract.support.ImportLines;
import com.prospectdata.contract.support.LivenessWatch;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.PausedHttp11Export;
import com.prospectdata.contract.support.Postmaster;
import com.prospectdata.contract.support.RawHttp2;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerClock;
import com.prospectdata.contract.support.ServerJar;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.Serving;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.testing.Fixture;
import io.restassured.response.Response;
import java.io.IOException;
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
 * read answer 200 again, the server seeing the database answer within 10 s by its own log, with
 * the same {@code serve} throughout. A start that fails (a setting PostgreSQL refuses, written
 * while it ran) is retried, one log line per attempt, until the cause is gone. The liveness probe
 * stays 200 throughout, and an operator command run while the database is down ends, and either
 * works or fails with one line.
 * Finally {@code serve}'s shutdown stops the database it restarted, though the sessions of its
 * own pool are still ending as it looks for other users of it.
 *
 * <p>First, exports (docs/api-rules.md §14): one whose client reads nothing leaves no transaction
 * open once its lines are read (spooled); and one under way when the postmaster is killed, its
 * writer held back by a client that reads nothing, is cut on the wire, over HTTP/2 and over
 * HTTP/1.1: the client sees a reset stream or a connection closed without the last chunk, never
 * a clean end.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@RunsBesideOthers
@Order(7) // started first, the longest first (junit-platform.properties)
class EmbeddedDatabaseRecoveryJarTest {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedDatabaseRecoveryJarTest.class);
    /** The rule: from the moment the database can start again to serving, on the server's clock. */
    private static final Duration WITHIN = Duration.ofSeconds(10);
    /** Point lookups sent at once before the shutdown: one key may send as many (its share of the light slots). */
    private static final int BURST = 30;
    /** How long the pool's backends are held back once SIGTERM is sent. */
    private static final Duration HELD = Duration.ofMillis(1500);
    /**
     * A command beside serve ends: its JVM's start, its wait of at most 10 s for serve to bring the
     * database back, its work. No rule bounds a JVM's start on a busy machine, so this is a
     * tolerance; a command that hangs is still caught.
     */
    private static final Duration COMMAND_ENDS = Duration.ofSeconds(90);

    /** Threads of this class's own: the common pool may be busy with another class's blocking work. */
    private static final ExecutorService COMMANDS = Executors.newVirtualThreadPerTaskExecutor();

    /** The search exported while the postmaster is killed, of the fixture's organization. */
    private static final String LARGE_SEARCH = "5c200000-0000-4000-8000-0000000000c2";
    /**
     * Its size: many statements of {@code ExportDelegate.BATCH} companies, several megabytes, more
     * than the kernel's buffers on both sides of a connection can hold (tcp_wmem's largest is 4 MB
     * by default), so the server is still to read more of it when the database is gone.
     */
    private static final int LARGE_SEARCH_COMPANIES = 6_000;
    /** RST_STREAM's INTERNAL_ERROR (RFC 9113, 7). */
    private static final int INTERNAL_ERROR = 0x2;

    private EmbeddedDeployment deployment;
    private ServerProcess server;
    private String key;
    private String secondKey;

    @BeforeAll
    void startServeOnItsOwnEmbeddedDatabase() throws IOException {
        deployment = EmbeddedDeployment.create("embedded-recovery");
        Path largeSearch = deployment.directory().resolve("large-search.jsonl");
        Files.write(largeSearch, ImportLines.largeSearch(LARGE_SEARCH, Fixture.ORG_OURS, "Exported while the database dies",
                LARGE_SEARCH_COMPANIES, 0xc1L), StandardCharsets.UTF_8);
        deployment.operatorCommands().run("import", largeSearch.toString()).requireSuccess();
        key = deployment.issueKey("EmbeddedDatabaseRecoveryJarTest");
        // A key runs one export at a time: the two protocols' exports run at once from two keys.
        secondKey = deployment.issueKey("EmbeddedDatabaseRecoveryJarTest, second export");
        // An export's writer may run at most 2 MB ahead of its client: the large search's export,
        // several times that, keeps its snapshot while its client does not read; the fixture's
        // small ones do not (docs/api-rules.md §14).
        // The floor on a client's pace averaged over 5 s rather than a minute, and a write waiting
        // 10 s at most rather than two minutes: the rules, not their defaults, are what the slow
        // clients' test checks.
        server = deployment.server("embedded-recovery").argument("--app.streaming.spool-ahead=2MB")
                .argument("--app.streaming.min-rate=64KB").argument("--app.streaming.rate-window=5s")
                .argument("--app.write-timeout=10s").start();
    }

    @AfterAll
    void stopServe() {
        if (server != null) {
            server.close();
        }
    }

    private CompletableFuture<ServerJar.Result> commandBeside() {
        return CompletableFuture.supplyAsync(() -> deployment.operatorCommands().run("keys", "list"), COMMANDS);
    }

    private static ServerJar.Result ended(CompletableFuture<ServerJar.Result> command) throws Exception {
        return command.get(TimeFactor.tolerance(COMMAND_ENDS).toMillis(), TimeUnit.MILLISECONDS);
    }

    private static void assertWorksOrFailsInOneLine(ServerJar.Result command) {
        if (command.exitStatus() != 0) {
            assertThat(command.stderr().lines().filter(line -> !line.isBlank()).toList())
                    .as("a failed command says why in one line: %s", command).hasSize(1);
        }
    }

    /**
     * Serving again as a partner sees it, and, on the server's clock, within {@link #WITHIN} of
     * {@code since}, the moment the database could start again: the server's background check
     * saw it answer (it logs that, and {@code /health} turns 200 on that check) no later than that.
     */
    private void assertServingWithin(Instant since, long logLinesBefore, String what) {
        Serving.await(server, key, Duration.ofSeconds(60));
        Instant answersAgain = ServerClock.awaitLine(server, logLinesBefore, "answers again", Duration.ofSeconds(10));
        log.info("{}: the database answered again {} ms after it could start, by the server's log", what,
                Duration.between(since, answersAgain).toMillis());
        assertThat(answersAgain).as("%s: the database seen answering again, by the server's log", what)
                .isBetween(since, since.plus(TimeFactor.within(WITHIN, Duration.ofSeconds(5))));
        Response read = server.validRequest().header("Authorization", "Bearer " + key).get(Serving.READ);
        assertThat(read.statusCode()).isEqualTo(200);
    }

    private void assertRestartedOnTheSamePort(Postmaster before) {
        Postmaster after = deployment.postmaster().orElseThrow();
        assertThat(after.pid()).as("a new postmaster").isNotEqualTo(before.pid());
        assertThat(after.port()).as("on the port the pool's URL names").isEqualTo(before.port());
        assertThat(server.isAlive()).as("the same serve throughout").isTrue();
    }

    /**
     * An export's snapshot ends once its lines are read, not once its client has taken them: an
     * HTTP/2 client that opens no window gets the headers and nothing more, and meanwhile the
     * database soon has no transaction open at all; once the client reads, every line comes.
     */
    @Test
    @Order(1)
    void anExportsSnapshotEndsWhenItsLinesAreReadNotWhenItsClientHasTakenThem() throws Exception {
        String path = "/api/v1/prospect-searches/" + Fixture.SEARCH_MAIN + "/companies/export";
        Postmaster postmaster = deployment.postmaster().orElseThrow();
        try (RawHttp2 http2 = RawHttp2.connect(server.port(), 0)) {
            int stream = http2.send("GET", path, "Authorization: Bearer " + key);
            await().atMost(Duration.ofSeconds(30)).until(() -> http2.headersReceived(stream) || http2.ended(stream));
            assertThat(http2.headersReceived(stream)).as("the export began").isTrue();

            await("no transaction open while the client reads nothing").atMost(Duration.ofSeconds(30))
                    .until(() -> openTransactions(postmaster), List::isEmpty);
            assertThat(http2.ended(stream)).as("the client has taken nothing yet").isFalse();

            http2.openWindow(stream, 64 * 1024 * 1024);
            RawHttp2.Response whole = http2.await(stream, Duration.ofSeconds(60));
            assertThat(whole.ended()).as("ended cleanly").isTrue();
            assertThat(whole.body().lines().count()).isEqualTo(Long.parseLong(whole.header("Export-Total")));
        }
    }

    /** The server's sessions with a transaction open: none but this test's own query. */
    private List<String> openTransactions(Postmaster postmaster) throws Exception {
        return otherClientSessions(postmaster, "state || ': ' || query", "xact_start IS NOT NULL");
    }

    /** {@code column} of every client session but the one asking that matches {@code condition}. */
    private List<String> otherClientSessions(Postmaster postmaster, String column, String condition) throws Exception {
        List<String> sessions = new ArrayList<>();
        try (Connection connection = postmaster.connect("postgres", deployment.password());
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT " + column + " FROM pg_stat_activity"
                     + " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND " + condition)) {
            while (rows.next()) {
                sessions.add(rows.getString(1));
            }
        }
        return sessions;
    }

    /**
     * Clients below the floor on a client's pace are cut, on both protocols at once, and logged as
     * their own doing (499). Over HTTP/2, at 8 KB/s, by the floor (app.streaming.min-rate, 64 KB/s
     * here over 5 s): the stream is reset, and the cut is said once, naming why. Over HTTP/1.1 the
     * bound on a write that makes no way (app.write-timeout, 10 s here) comes
     * first: the kernel holds megabytes of the answer for the client, and a client that slow does
     * not free enough of them for the next write in time. The server lets go of the connection
     * then; the client would see the end only once it had read what the kernel held, so it is
     * the server's log that is read here. The large search is more than those buffers hold.
     */
    @Test
    @Order(2)
    void clientsBelowThePaceFloorAreCutOnBothProtocols() throws Exception {
        String path = "/api/v1/prospect-searches/" + LARGE_SEARCH + "/companies/export";
        long logLines = ServerClock.lines(server);
        String http2KeyId = keyIdOf(key);
        String http11KeyId = keyIdOf(secondKey);
        // The server lets go of the HTTP/1.1 client long before that client could see it: read
        // until the server has logged the export's end, for a minute at most.
        long readUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        CompletableFuture<PausedHttp11Export.End> http11 = CompletableFuture.supplyAsync(() -> PausedHttp11Export.readAt(
                server.port(), path, secondKey, 8 * 1024,
                () -> System.nanoTime() > readUntil || !exportAccessLines(logLines, http11KeyId).isEmpty()));
        RawHttp2.Response http2 = RawHttp2.readAt(server.port(), path, key, 8 * 1024);
        PausedHttp11Export.End http11End = http11.get(120, TimeUnit.SECONDS);
        List<String> http11Access = exportAccessLines(logLines, http11KeyId);
        log.info("At 8 KB/s: HTTP/2 {} bytes, ended {}, reset {}; HTTP/1.1 {}, {}", http2.body().length(), http2.ended(),
                http2.resetCode(), http11End, http11Access);
        assertThat(http2.ended()).as("HTTP/2 at 8 KB/s: never a clean end").isFalse();
        assertThat(http2.resetCode()).as("HTTP/2 at 8 KB/s: the stream reset").isNotNull();
        assertThat(http11Access).as("HTTP/1.1 at 8 KB/s: let go as the client's doing").singleElement().asString()
                .contains(" status=499 ");
        List<String> http2Access = await().atMost(Duration.ofSeconds(30)).until(() -> exportAccessLines(logLines, http2KeyId),
                lines -> !lines.isEmpty());
        assertThat(http2Access).as("HTTP/2 at 8 KB/s: logged as the client's doing").singleElement().asString().contains(" status=499 ");
        assertThat(server.logText().lines().skip(logLines).filter(line -> line.contains("ClientTooSlow")))
                .as("the floor's cut said once, with why").hasSize(1);
    }

    /** The id of the key whose secret is {@code secret}, as the access log names it. */
    private String keyIdOf(String secret) {
        return server.validRequest().header("Authorization", "Bearer " + secret).get("/api/v1/usage").jsonPath().getString("id");
    }

    /** The access lines of exports by the key {@code keyId}, logged since {@code logLines}. */
    private List<String> exportAccessLines(long logLines, String keyId) {
        return server.logText().lines().skip(logLines)
                .filter(line -> line.contains(" access ") && line.contains("operation=exportProspectSearchCompanies")
                        && line.contains(" key_id=" + keyId + " "))
                .toList();
    }

    /**
     * Both exports begin (status and headers received), then wait: HTTP/2's behind a zero window,
     * HTTP/1.1's behind a client that reads nothing into a small socket buffer, and each writer,
     * once 2 MB ahead of its client, waits with its snapshot open. The postmaster is killed, and
     * both clients read on: the server has more of the search to read from a database that is
     * gone. The server logs each cut once, without a stack trace.
     */
    @Test
    @Order(3)
    void anExportUnderWayWhenThePostmasterIsKilledIsCutOnBothProtocols() throws Exception {
        String path = "/api/v1/prospect-searches/" + LARGE_SEARCH + "/companies/export";
        Postmaster before = deployment.postmaster().orElseThrow();
        try (RawHttp2 http2 = RawHttp2.connect(server.port(), 0);
             PausedHttp11Export http11 = PausedHttp11Export.begin(server.port(), path, secondKey)) {
            int stream = http2.send("GET", path, "Authorization: Bearer " + key);
            await().atMost(Duration.ofSeconds(30)).until(() -> http2.headersReceived(stream) || http2.ended(stream));
            assertThat(http2.headersReceived(stream)).as("HTTP/2: the export began").isTrue();
            assertThat(http11.status()).as("HTTP/1.1: the export began").isEqualTo(200);
            // Headers go before the first rows are read: the kill waits for the body to have
            // begun, and for both writers to be held back with their snapshots open.
            assertThat(http11.read(1).bytes()).as("HTTP/1.1: some of the body came before the kill").isPositive();
            await("both exports' writers held back, their transactions open").atMost(Duration.ofSeconds(30))
                    .until(() -> openTransactions(before), sessions -> sessions.size() == 2);
            long logLines = ServerClock.lines(server);

            Postmaster.signal("KILL", List.of(before.pid()));
            assertThat(before.awaitExit(Duration.ofSeconds(30))).as("the postmaster ended").isTrue();
            http2.openWindow(stream, 64 * 1024 * 1024);
            PausedHttp11Export.End http11End = http11.readToTheEnd();
            RawHttp2.Response http2End = http2.await(stream, Duration.ofSeconds(60));

            log.info("HTTP/2 export after the kill: {} bytes, ended cleanly {}, reset {}, goaway {}, open {}; HTTP/1.1: {}",
                    http2End.body().length(), http2End.ended(), http2End.resetCode(), http2.goAwayCode(), http2.isOpen(), http11End);
            assertThat(http2End.ended()).as("HTTP/2: the stream never ends cleanly").isFalse();
            assertThat(http2End.resetCode()).as("HTTP/2: the stream is reset").isEqualTo(INTERNAL_ERROR);
            assertThat(http11End.lastChunk()).as("HTTP/1.1: no last chunk").isFalse();

            Serving.await(server, key, Duration.ofSeconds(60));
            List<String> since = server.logText().lines().skip(logLines).toList();
            assertThat(since.stream().filter(line -> line.contains("A streamed answer failed after its headers were sent")))
                    .as("each cut logged once").hasSize(2).allMatch(line -> line.contains(" WARN "));
            assertThat(since).as("no stack trace").noneMatch(line -> line.startsWith("\tat "));
        }
    }

    @Test
    @Order(4)
    void aKilledPostmasterIsStartedAgain() throws Exception {
        Postmaster before = deployment.postmaster().orElseThrow();
        try (LivenessWatch liveness = LivenessWatch.of(server)) {
            long logLines = ServerClock.lines(server);
            Instant killed = Instant.now();
            Postmaster.signal("KILL", List.of(before.pid()));
            CompletableFuture<ServerJar.Result> command = commandBeside();
            assertServingWithin(killed, logLines, "SIGKILL of the postmaster");
            assertRestartedOnTheSamePort(before);
            assertWorksOrFailsInOneLine(ended(command));
            assertThat(liveness.failures()).as("liveness while the database was down").isEmpty();
        }
    }

    @Test
    @Order(5)
    void aFastStopIsUndoneToo() throws Exception {
        Postmaster before = deployment.postmaster().orElseThrow();
        try (LivenessWatch liveness = LivenessWatch.of(server)) {
            long logLines = ServerClock.lines(server);
            before.pgCtl("stop", "-m", "fast", "-w");
            Instant stopped = Instant.now();
            CompletableFuture<ServerJar.Result> command = commandBeside();
            assertServingWithin(stopped, logLines, "pg_ctl stop -m fast");
            assertRestartedOnTheSamePort(before);
            assertWorksOrFailsInOneLine(ended(command));
            assertThat(liveness.failures()).as("liveness while the database was down").isEmpty();
        }
    }

    @Test
    @Order(6)
    void aStartThatFailsIsRetriedUntilItsCauseIsGone() throws Exception {
        Postmaster before = deployment.postmaster().orElseThrow();
        Path settings = deployment.dataDirectory().resolve("postgresql.auto.conf");
        String original = Files.readString(settings, StandardCharsets.UTF_8);
        long logLines = ServerClock.lines(server);
        try (LivenessWatch liveness = LivenessWatch.of(server)) {
            ServerJar.Result command;
            try {
                // Read at the next start only: the running server never sees it.
                Files.writeString(settings, original + "work_mem = 'lots'\n", StandardCharsets.UTF_8);
                before.pgCtl("stop", "-m", "fast", "-w");
                command = ended(commandBeside());
            } finally {
                Files.writeString(settings, original, StandardCharsets.UTF_8);
            }
            Instant fixed = Instant.now();
            assertServingWithin(fixed, logLines, "a start that failed until its cause was gone");
            assertRestartedOnTheSamePort(before);

            assertWorksOrFailsInOneLine(command);
            assertThat(command.exitStatus()).as("the database could not start meanwhile: %s", command).isEqualTo(1);
            assertThat(command.stderr()).contains("not running");
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
    @Order(7)
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
        assertThat(server.awaitExit(TimeFactor.tolerance(Duration.ofSeconds(60)))).as("serve exits after SIGTERM").isPresent();
        boolean stopped = postmaster.awaitExit(TimeFactor.tolerance(Duration.ofSeconds(20)));
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
        return otherClientSessions(postmaster, "pid", "true").stream().map(Long::valueOf).toList();
    }
}
