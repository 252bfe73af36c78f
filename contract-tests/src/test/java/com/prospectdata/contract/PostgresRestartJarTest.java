package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.DatabaseFaults;
import com.prospectdata.contract.support.Deployment;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerClock;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.contract.support.TimedAnswer;
import com.prospectdata.testing.Fixture;
import io.restassured.response.Response;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
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
 * The PostgreSQL server itself stopped and started under load (docs/OPERATIONS.md, "Outages"),
 * stopped as an operator stops it and as if it was killed: the API answers 503 with
 * {@code Retry-After} within the pool's connection timeout (by the server's access log) and
 * nothing else goes wrong, the health answer and the readiness probe turn unhealthy within 5 s
 * of the server having stopped, and both recover by themselves within 8 s of the server coming
 * back (each plus a tolerance), with the same API process throughout. The server is one
 * of this class's own, whatever database the other tests use: it must be stopped, which the
 * machine's own server must not be, so the class is not tagged {@code database-server} (a second
 * run would start the same embedded server again).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 240, unit = TimeUnit.SECONDS)
@RunsBesideOthers
@Order(6) // started first, the longest first (junit-platform.properties)
class PostgresRestartJarTest {

    private static final Logger log = LoggerFactory.getLogger(PostgresRestartJarTest.class);
    /** The rule: the probes turn 503 within 5 s of the stop. */
    private static final Duration WITHIN = Duration.ofSeconds(5);
    /**
     * The rule for the recovery: the pool tries a failed connection again at growing intervals, at
     * most 5 s apart (HikariCP), so a server that comes back during a long wait is seen at its end.
     */
    private static final Duration RECOVERED_WITHIN = Duration.ofSeconds(8);
    /** The rule: no request waits longer than 5 s (the pool's connection timeout is 3 s), on the server's clock. */
    private static final Duration SLOWEST_ANSWER = Duration.ofSeconds(5);
    /** What a machine shared with the other classes of the run may add to a probe's turn. */
    private static final Duration TOLERANCE = Duration.ofSeconds(5);
    private static final int LOAD_THREADS = 4;
    private static final Duration LOAD_PAUSE = Duration.ofMillis(25);
    private static final List<String> PATHS = List.of(
            "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT,
            "/api/v1/companies/?limit=5&prospect_search_id=" + Fixture.SEARCH_MAIN,
            "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs");

    private Deployment deployment;
    private ServerProcess server;
    private Management management;
    private String key;
    private HttpClient client;

    @BeforeAll
    void startAServerOnADatabaseServerOfItsOwn() {
        deployment = Deployment.createOnServerOfItsOwn("postgres-restart", Map.of());
        server = deployment.server("postgres-restart").start();
        management = Management.of(server);
        key = FixtureKey.of(Fixture.ORG_OURS).enterprise(1_000_000).label("PostgresRestartJarTest").writeTo(deployment).key();
        client = HttpClient.newBuilder().sslContext(LocalTls.trustingEverything())
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    void stop() throws Exception {
        if (server != null) {
            server.close();
        }
        if (deployment != null) {
            deployment.close();
        }
    }

    @ParameterizedTest
    @EnumSource(DatabaseFaults.Stop.class)
    void underLoadTheApiAnswers503WhileThePostgresServerIsDownAndRecoversByItself(DatabaseFaults.Stop how) throws Exception {
        ConcurrentLinkedQueue<TimedAnswer> outcomes = new ConcurrentLinkedQueue<>();
        // Each client asks again LOAD_PAUSE after its answer: the load is there to be answered
        // throughout, not to take the machine's CPU. Shutting the executor down ends the load.
        ScheduledExecutorService load = Executors.newScheduledThreadPool(LOAD_THREADS);
        for (int thread = 0; thread < LOAD_THREADS; thread++) {
            AtomicInteger next = new AtomicInteger(thread);
            load.scheduleWithFixedDelay(() -> outcomes.add(send(PATHS.get(next.getAndIncrement() % PATHS.size()))),
                    0, LOAD_PAUSE.toMillis(), TimeUnit.MILLISECONDS);
        }
        Instant down;
        Instant unready;
        Instant unhealthy;
        Instant restarting;
        Instant back;
        Response duringOutage;
        // The load is under way, answered, before the stop: on a busy machine a fresh server's
        // first answers can take longer than any fixed pause.
        await("the load answered").atMost(TimeFactor.tolerance(Duration.ofSeconds(30))).pollInterval(Duration.ofMillis(50))
                .until(() -> outcomes.size() >= LOAD_THREADS);
        // The scenario: a while of answers before the stop.
        Thread.sleep(500);
        down = Instant.now();
        Instant gone;
        try (DatabaseFaults.Fault stopped = deployment.databaseFaults().stopServer(how)) {
            // From when the server is gone: pg_ctl's own stop has taken a second on a busy machine.
            gone = Instant.now();
            log.info("PostgreSQL stopped ({}) in {} ms", how, Duration.between(down, gone).toMillis());
            unready = awaitStatus("readiness turns 503", () -> management.get("/actuator/health/readiness").statusCode(), 503,
                    gone, WITHIN);
            unhealthy = awaitStatus("GET /health turns 503", () -> send("/health").status(), 503, gone, WITHIN);
            duringOutage = server.validRequest().header("Authorization", "Bearer " + key).get(PATHS.getFirst());
            // The scenario: an outage of a while under load.
            Thread.sleep(2_000);
            // Closing the fault starts PostgreSQL again, and answers may be 200 from then on.
            restarting = Instant.now();
        }
        back = Instant.now();
        Instant ready = awaitStatus("readiness recovers", () -> management.get("/actuator/health/readiness").statusCode(), 200,
                back, RECOVERED_WITHIN);
        Instant healthy = awaitStatus("GET /health recovers", () -> send("/health").status(), 200, back, RECOVERED_WITHIN);
        Instant recovered = Instant.now();
        // The scenario: a while of the load after the recovery.
        Thread.sleep(1_500);
        load.shutdown();
        assertThat(load.awaitTermination(30, TimeUnit.SECONDS)).as("every request of the load ended").isTrue();

        log.info("PostgreSQL stopped ({}): readiness 503 after {} ms, /health 503 after {} ms; "
                        + "started again: readiness 200 after {} ms, /health 200 after {} ms; {} requests",
                how, Duration.between(gone, unready).toMillis(), Duration.between(gone, unhealthy).toMillis(),
                Duration.between(back, ready).toMillis(), Duration.between(back, healthy).toMillis(), outcomes.size());

        assertThat(duringOutage.statusCode()).as("a request while it is down: %s", duringOutage.asString()).isEqualTo(503);
        assertThat(duringOutage.header("Retry-After")).isNotBlank();

        assertThat(outcomes).as("the load").isNotEmpty();
        assertThat(outcomes).filteredOn(outcome -> outcome.failure() != null).as("requests that got no answer").isEmpty();
        assertThat(outcomes).filteredOn(outcome -> outcome.status() != 200 && outcome.status() != 503)
                .as("answers other than 200 and 503").isEmpty();
        assertThat(outcomes).filteredOn(outcome -> outcome.status() == 503 && !outcome.retryAfter())
                .as("503s without Retry-After").isEmpty();
        Map<String, Duration> tookOnTheServer = ServerClock.tookByRequestId(server,
                outcomes.stream().map(TimedAnswer::requestId).toList());
        Duration slowest = TimeFactor.within(SLOWEST_ANSWER, Duration.ofSeconds(3));
        assertThat(outcomes).filteredOn(outcome -> !tookOnTheServer.containsKey(outcome.requestId()))
                .as("answers missing from the server's access log").isEmpty();
        assertThat(outcomes).filteredOn(outcome -> tookOnTheServer.get(outcome.requestId()).compareTo(slowest) > 0)
                .as("answers slower than %s plus a tolerance, on the server's clock", SLOWEST_ANSWER).isEmpty();
        assertThat(outcomes).filteredOn(outcome -> outcome.answered().isBefore(down)).as("answered before the stop")
                .isNotEmpty().allMatch(outcome -> outcome.status() == 200);
        assertThat(outcomes).filteredOn(outcome -> outcome.sent().isAfter(unready) && outcome.answered().isBefore(restarting))
                .as("sent and answered while it was down").isNotEmpty().allMatch(outcome -> outcome.status() == 503);
        assertThat(outcomes).filteredOn(outcome -> outcome.sent().isAfter(recovered))
                .as("once the probes are healthy again").isNotEmpty().allMatch(outcome -> outcome.status() == 200);
        assertThat(server.isAlive()).as("the same API process throughout").isTrue();
    }

    private TimedAnswer send(String path) {
        return TimedAnswer.get(client, server.baseUri(), key, path, Duration.ofSeconds(15));
    }

    /**
     * Polls until {@code status} is answered, which the rule says comes within {@code rule} of
     * {@code since} (plus the tolerance); when it came.
     */
    private static Instant awaitStatus(String what, Supplier<Integer> probe, int status, Instant since, Duration rule) {
        Instant bound = since.plus(TimeFactor.within(rule, TOLERANCE));
        Duration left = Duration.between(Instant.now(), bound);
        await(what).atMost(left.isNegative() || left.isZero() ? Duration.ofMillis(1) : left).pollInterval(Duration.ofMillis(50))
                .until(probe::get, answered -> answered == status);
        return Instant.now();
    }
}
