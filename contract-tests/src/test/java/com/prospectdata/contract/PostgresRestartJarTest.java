package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.prospectdata.contract.support.DatabaseFaults;
import com.prospectdata.contract.support.Deployment;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TimedAnswer;
import com.prospectdata.testing.Fixture;
import io.restassured.response.Response;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * {@code Retry-After} within the pool's connection timeout and nothing else goes wrong, the
 * health answer and the readiness probe turn unhealthy within 5 s of the server having stopped, and both recover by themselves
 * within 8 s of the server coming back, with the same API process throughout. The server is one
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
    private static final Duration WITHIN = Duration.ofSeconds(5);
    /**
     * The pool tries a failed connection again at growing intervals, at most 5 s apart (HikariCP),
     * so a server that comes back during a long wait is seen at its end; and a margin for a
     * machine of 2 cores under load.
     */
    private static final Duration RECOVERED_WITHIN = Duration.ofSeconds(8);
    /** The pool's connection timeout (3 s) and a margin for a machine of 2 cores under load. */
    private static final Duration SLOWEST_ANSWER = Duration.ofSeconds(5);
    private static final int LOAD_THREADS = 4;
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
        key = deployment.operatorCommands().run("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", "enterprise",
                "--rate-limit", "1000000", "--label", "PostgresRestartJarTest").requireSuccess().field("key");
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
        AtomicBoolean loading = new AtomicBoolean(true);
        ExecutorService load = Executors.newFixedThreadPool(LOAD_THREADS);
        for (int thread = 0; thread < LOAD_THREADS; thread++) {
            int offset = thread;
            load.submit(() -> {
                for (int i = offset; loading.get(); i++) {
                    outcomes.add(send(PATHS.get(i % PATHS.size())));
                }
            });
        }
        Instant down;
        Duration toUnready;
        Duration toUnhealthy;
        Instant back;
        Response duringOutage;
        // The load is under way, answered, before the stop: on a busy machine a fresh server's
        // first answers can take longer than any fixed pause.
        Instant loadDeadline = Instant.now().plusSeconds(30);
        while (outcomes.size() < LOAD_THREADS && Instant.now().isBefore(loadDeadline)) {
            Thread.sleep(50);
        }
        Thread.sleep(500);
        down = Instant.now();
        Instant gone;
        try (DatabaseFaults.Fault stopped = deployment.databaseFaults().stopServer(how)) {
            // From when the server is gone: pg_ctl's own stop has taken a second on a busy machine.
            gone = Instant.now();
            log.info("PostgreSQL stopped ({}) in {} ms", how, Duration.between(down, gone).toMillis());
            toUnready = await(() -> management.get("/actuator/health/readiness").statusCode(), 503, gone);
            toUnhealthy = await(() -> send("/health").status(), 503, gone);
            duringOutage = server.validRequest().header("Authorization", "Bearer " + key).get(PATHS.getFirst());
            Thread.sleep(2_000);
        }
        back = Instant.now();
        Duration toReady = await(() -> management.get("/actuator/health/readiness").statusCode(), 200, back);
        Duration toHealthy = await(() -> send("/health").status(), 200, back);
        Instant recovered = Instant.now();
        Thread.sleep(1_500);
        loading.set(false);
        load.shutdown();
        assertThat(load.awaitTermination(30, TimeUnit.SECONDS)).as("every request of the load ended").isTrue();

        log.info("PostgreSQL stopped ({}): readiness 503 after {} ms, /health 503 after {} ms; "
                        + "started again: readiness 200 after {} ms, /health 200 after {} ms; {} requests",
                how, toUnready.toMillis(), toUnhealthy.toMillis(), toReady.toMillis(), toHealthy.toMillis(), outcomes.size());
        assertThat(toUnready).as("readiness turns 503").isLessThanOrEqualTo(WITHIN);
        assertThat(toUnhealthy).as("GET /health turns 503").isLessThanOrEqualTo(WITHIN);
        assertThat(toReady).as("readiness recovers").isLessThanOrEqualTo(RECOVERED_WITHIN);
        assertThat(toHealthy).as("GET /health recovers").isLessThanOrEqualTo(RECOVERED_WITHIN);

        assertThat(duringOutage.statusCode()).as("a request while it is down: %s", duringOutage.asString()).isEqualTo(503);
        assertThat(duringOutage.header("Retry-After")).isNotBlank();

        assertThat(outcomes).as("the load").isNotEmpty();
        assertThat(outcomes).filteredOn(outcome -> outcome.failure() != null).as("requests that got no answer").isEmpty();
        assertThat(outcomes).filteredOn(outcome -> outcome.status() != 200 && outcome.status() != 503)
                .as("answers other than 200 and 503").isEmpty();
        assertThat(outcomes).filteredOn(outcome -> outcome.status() == 503 && !outcome.retryAfter())
                .as("503s without Retry-After").isEmpty();
        assertThat(outcomes).filteredOn(outcome -> outcome.took().compareTo(SLOWEST_ANSWER) > 0)
                .as("answers slower than %s", SLOWEST_ANSWER).isEmpty();
        assertThat(outcomes).filteredOn(outcome -> outcome.answered().isBefore(down)).as("answered before the stop")
                .isNotEmpty().allMatch(outcome -> outcome.status() == 200);
        assertThat(outcomes).filteredOn(outcome -> outcome.sent().isAfter(gone.plus(toUnready)) && outcome.answered().isBefore(back))
                .as("sent and answered while it was down").isNotEmpty().allMatch(outcome -> outcome.status() == 503);
        assertThat(outcomes).filteredOn(outcome -> outcome.sent().isAfter(recovered))
                .as("once the probes are healthy again").isNotEmpty().allMatch(outcome -> outcome.status() == 200);
        assertThat(server.isAlive()).as("the same API process throughout").isTrue();
    }

    private TimedAnswer send(String path) {
        return TimedAnswer.get(client, server.baseUri(), key, path, Duration.ofSeconds(15));
    }

    /** Polls until {@code status} is answered; how long that took from {@code since}. */
    private static Duration await(Supplier<Integer> probe, int status, Instant since) throws InterruptedException {
        Instant deadline = since.plusSeconds(60);
        while (probe.get() != status) {
            if (Instant.now().isAfter(deadline)) {
                fail("No %d within 60 s", status);
            }
            Thread.sleep(50);
        }
        return Duration.between(since, Instant.now());
    }
}
