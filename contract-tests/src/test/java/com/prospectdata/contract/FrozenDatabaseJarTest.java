package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.EmbeddedDeployment;
import com.prospectdata.contract.support.LivenessWatch;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Postmaster;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerClock;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.Serving;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.contract.support.TimedAnswer;
import com.prospectdata.testing.Fixture;
import java.net.http.HttpClient;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL that stops answering mid-statement (docs/OPERATIONS.md, "Outages"): every request
 * in flight inside it is still answered, 503 with {@code Retry-After}, within its statement's
 * time limit plus the margin ({@code app.load.statement-timeout} of 2 s here, and the default
 * {@code app.load.statement-margin} of 2 s), from its statement's start by PostgreSQL's clock to
 * its answer by the server's. The requests wait for a table locked from outside; then the backends they run on, or
 * every process of that PostgreSQL, are frozen (SIGSTOP) until well past that deadline. Resumed
 * (SIGCONT, in a finally block), the same server serves again, on the same postmaster: a frozen
 * database is not restarted, and the liveness probe stays 200.
 * On {@code serve}'s own embedded database in a directory of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@RunsBesideOthers
@Order(8) // started first, the longest first (junit-platform.properties)
class FrozenDatabaseJarTest {

    private static final Logger log = LoggerFactory.getLogger(FrozenDatabaseJarTest.class);
    private static final Duration STATEMENT_TIMEOUT = Duration.ofSeconds(2);
    private static final Duration MARGIN = Duration.ofSeconds(2);
    /** The documented deadline: the rule, read on the server's clock. */
    private static final Duration DEADLINE = STATEMENT_TIMEOUT.plus(MARGIN);
    /** What a machine shared with the other classes of the run may add to the deadline. */
    private static final Duration TOLERANCE = Duration.ofSeconds(5);
    /**
     * How long the processes stay frozen at most: past the deadline and its tolerance, whether
     * answers came or not, so that an answer that only came once PostgreSQL resumed is too late.
     */
    private static final Duration LONGEST_FREEZE = TimeFactor.within(DEADLINE, TOLERANCE.plusSeconds(2));
    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;

    /** What is frozen. */
    enum Freeze {
        /** The backends running the requests' statements: the postmaster still accepts connections and cancels. */
        THE_REQUESTS_BACKENDS,
        /** The postmaster and every process it started: nothing of that PostgreSQL answers. */
        EVERY_PROCESS
    }

    /** Threads of this class's own: the common pool may be busy with another class's blocking work. */
    private static final ExecutorService SENDERS = Executors.newVirtualThreadPerTaskExecutor();

    private EmbeddedDeployment deployment;
    private ServerProcess server;
    private String key;
    private HttpClient client;

    @BeforeAll
    void startServeWithAShortStatementTimeout() {
        deployment = EmbeddedDeployment.create("frozen-database");
        key = deployment.issueKey("FrozenDatabaseJarTest");
        server = deployment.server("frozen-database")
                .argument("--app.load.statement-timeout=" + STATEMENT_TIMEOUT.toSeconds() + "s")
                .start();
        // One connection per request: a 503 ends its connection, and no request waits behind another's.
        client = HttpClient.newBuilder().sslContext(LocalTls.trustingEverything()).version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest
    @EnumSource(Freeze.class)
    void everyRequestInFlightIsAnsweredWithinItsDeadlineAndTheServerRecoversOnceResumed(Freeze freeze) throws Exception {
        assertThat(send(COMPANY).status()).as("before").isEqualTo(200);
        // Pages nobody asked for yet: a page kept from an earlier request would be answered without a statement.
        List<String> paths = List.of(COMPANY, COMPANY + "/jobs?limit=" + (3 + freeze.ordinal()),
                "/api/v1/companies/?limit=" + (3 + freeze.ordinal()) + "&prospect_search_id=" + Fixture.SEARCH_MAIN);
        Postmaster postmaster = deployment.postmaster().orElseThrow();
        List<TimedAnswer> outcomes = new ArrayList<>();
        TimedAnswer sentWhileFrozen;
        Instant lastStatementStarted;
        try (LivenessWatch liveness = LivenessWatch.of(server);
             Connection locker = postmaster.connect("postgres", deployment.password());
             Connection observer = postmaster.connect("postgres", deployment.password())) {
            locker.setAutoCommit(false);
            try (Statement statement = locker.createStatement()) {
                statement.execute("LOCK TABLE company IN ACCESS EXCLUSIVE MODE");
            }
            List<CompletableFuture<TimedAnswer>> inFlight = paths.stream()
                    .map(path -> CompletableFuture.supplyAsync(() -> send(path), SENDERS)).toList();
            List<Waiting> waiting = awaitWaitingForTheLock(observer, paths.size());
            // On PostgreSQL's clock: every statement of the requests started by then, and its deadline runs from its start.
            lastStatementStarted = waiting.stream().map(Waiting::statementStarted).max(Instant::compareTo).orElseThrow();
            Postmaster.Frozen frozen = freeze == Freeze.EVERY_PROCESS ? postmaster.freeze()
                    : freezeOnly(waiting.stream().map(Waiting::pid).toList());
            Instant frozenAt = Instant.now();
            try {
                CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new))
                        .completeOnTimeout(null, LONGEST_FREEZE.toMillis(), TimeUnit.MILLISECONDS).join();
                sentWhileFrozen = send(COMPANY);
                // The scenario: the database stays frozen a while after the answers, up to the longest freeze.
                long left = LONGEST_FREEZE.toMillis() - Duration.between(frozenAt, Instant.now()).toMillis();
                Thread.sleep(Math.max(0, Math.min(left, 1_000)));
            } finally {
                frozen.close();
            }
            locker.rollback();
            for (CompletableFuture<TimedAnswer> request : inFlight) {
                outcomes.add(request.get(60, TimeUnit.SECONDS));
            }
            log.info("Frozen ({}): in flight {}; sent while frozen {}", freeze, outcomes, sentWhileFrozen);
            Serving.await(server, key, Duration.ofSeconds(30));
            assertThat(liveness.failures()).as("liveness while the database was frozen").isEmpty();
        }

        // By the servers' clocks: the answer's time in the access log, from its statement's start in PostgreSQL.
        Instant answeredBy = lastStatementStarted.plus(TimeFactor.within(DEADLINE, TOLERANCE));
        assertThat(outcomes).as("requests in flight, each answered within %s of its statement's start, plus a tolerance", DEADLINE)
                .allSatisfy(outcome -> {
                    assertThat(outcome.failure()).as("%s", outcome).isNull();
                    assertThat(outcome.status()).as("%s", outcome).isEqualTo(503);
                    assertThat(outcome.retryAfter()).as("%s", outcome).isTrue();
                    assertThat(ServerClock.answeredAt(server, outcome.requestId()))
                            .as("%s, answered by the server's clock; the last statement started at %s", outcome, lastStatementStarted)
                            .isBeforeOrEqualTo(answeredBy);
                });
        assertThat(sentWhileFrozen.failure()).as("%s", sentWhileFrozen).isNull();
        assertThat(sentWhileFrozen.status()).as("%s", sentWhileFrozen).isEqualTo(503);
        assertThat(sentWhileFrozen.retryAfter()).isTrue();
        assertThat(ServerClock.took(server, sentWhileFrozen.requestId())).as("%s, on the server's clock", sentWhileFrozen)
                .isLessThanOrEqualTo(TimeFactor.within(DEADLINE, TOLERANCE));
        assertThat(deployment.postmaster().orElseThrow().pid()).as("a frozen database is not restarted")
                .isEqualTo(postmaster.pid());
        assertThat(server.isAlive()).isTrue();
    }

    private TimedAnswer send(String path) {
        return TimedAnswer.get(client, server.baseUri(), key, path, Duration.ofSeconds(40));
    }

    /** A backend waiting for the lock, and when its statement started, by PostgreSQL's clock. */
    private record Waiting(long pid, Instant statementStarted) {
    }

    /** Waits until that many sessions wait for the lock. */
    private static List<Waiting> awaitWaitingForTheLock(Connection observer, int sessions) {
        return await(sessions + " requests wait for the lock").atMost(TimeFactor.tolerance(Duration.ofSeconds(10)))
                .pollInSameThread().pollInterval(Duration.ofMillis(20))
                .until(() -> waitingForALock(observer), waiting -> waiting.size() >= sessions);
    }

    private static List<Waiting> waitingForALock(Connection observer) throws SQLException {
        List<Waiting> waiting = new ArrayList<>();
        try (Statement statement = observer.createStatement();
             ResultSet rows = statement.executeQuery(
                     "SELECT pid, query_start FROM pg_stat_activity WHERE wait_event_type = 'Lock'")) {
            while (rows.next()) {
                waiting.add(new Waiting(rows.getLong(1), rows.getObject(2, OffsetDateTime.class).toInstant()));
            }
        }
        return waiting;
    }

    private static Postmaster.Frozen freezeOnly(List<Long> backends) {
        Postmaster.signal("STOP", backends);
        return () -> Postmaster.signal("CONT", backends);
    }
}
