package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.given;
import static com.prospectdata.contract.support.Api.givenInvalidKey;
import static com.prospectdata.contract.support.Api.givenKey;
import static com.prospectdata.contract.support.Api.givenNoKey;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.DatabaseFaults;
import com.prospectdata.contract.support.DatabaseServer;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.testing.ApiKeys;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import com.prospectdata.testing.Operation;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * 503 (docs/api-rules.md §2 and §7): while the database cannot be reached, every
 * {@code /api/v1} operation answers 503 SERVICE_UNAVAILABLE and GET /health 503 "unhealthy";
 * when it can again, the server recovers by itself. The outage is real: the database refuses new
 * connections and the server's open ones are ended, through an administrator's connection.
 *
 * <p>Whether the server knows a key from its cache of validated keys (app.auth.cache-ttl) or has
 * to ask the database, the answer is 503, not 401: a key sent just before the outage (cached)
 * and a key the server has never seen (it must ask) are both tried on every operation.
 *
 * <p>Makes the database unreachable for every other test: runs alone, after the others.
 */
@Tag(DatabaseServer.TAG)
@Isolated("makes the database every other test reads unreachable")
class DatabaseOutageJarTest extends ContractTest {

    private static final Logger log = LoggerFactory.getLogger(DatabaseOutageJarTest.class);
    /** docs/OPERATIONS.md, "Outages": the readiness probe turns, each way, within 5 s, by itself. */
    private static final Duration READINESS_TURNS = Duration.ofSeconds(5);
    /** What a machine shared with the other classes of the run may add to a probe's turn. */
    private static final Duration TOLERANCE = Duration.ofSeconds(5);
    /** No rule bounds GET /health's recovery beyond the readiness probe's: a tolerance. */
    private static final Duration RECOVERY_TIMEOUT = Duration.ofSeconds(60);
    private static final JsonNode HEALTHY = Json.parse("{\"service\": \"Company Prospect Data API\", \"status\": \"healthy\"}");
    private static final JsonNode UNHEALTHY = Json.parse("{\"service\": \"Company Prospect Data API\", \"status\": \"unhealthy\"}");

    private static String knownKey;

    @BeforeAll
    static void issueAKeyOfItsOwn() {
        knownKey = environment().key(FixtureKey.of(Fixture.ORG_OURS).enterprise(1000).label("DatabaseOutageJarTest")).key();
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void whileTheDatabaseIsUnreachableEveryOperationAnswers503AndTheServerRecoversByItself() throws Exception {
        // Sent now, so the server has it in its cache when the outage starts.
        Response first = givenKey(knownKey).get(Operation.GET_COMPANY.validRequest());
        assertThat(first.statusCode()).as("the key works before the outage: %s", first.asString()).isEqualTo(200);
        Map<String, Callable<Response>> requests = new LinkedHashMap<>();
        requests.put("GET /health", () -> givenNoKey().get("/health"));
        requests.put("exportProspectSearchCompanies with a key the server knows",
                () -> givenKey(knownKey).get("/api/v1/prospect-searches/" + Fixture.SEARCH_MAIN + "/companies/export"));
        for (Operation operation : Operation.values()) {
            requests.put(operation + " with a key the server knows", () -> givenKey(knownKey).get(operation.validRequest()));
            // Well-formed, never issued: only the database can tell. One each: the server looks a
            // key up once at a time, so requests with the same unknown key would wait in turn.
            String neverSeenKey = ApiKeys.neverIssued("test");
            requests.put(operation + " with a key the server has not seen",
                    () -> givenInvalidKey(neverSeenKey).get(operation.validRequest()));
        }
        Map<String, Response> answers;
        long linesBefore = environment().serverLogText().lines().count();
        Management management = Management.of(environment().server());
        Duration toNotReady;
        try (DatabaseFaults.Fault outage = environment().databaseFaults().refuseConnections()) {
            Instant outageStarted = Instant.now();
            toNotReady = awaitReadiness("readiness turns 503", management, 503, outageStarted);
            // All at once: each waits for a database connection as long as the server's pool lets it (3 s).
            answers = sendAtOnce(requests);
        }
        Instant databaseBack = Instant.now();
        Duration toReady = awaitReadiness("readiness recovers", management, 200, databaseBack);
        log.info("Outage timeline: readiness 503 after {} ms, 200 again {} ms after the database came back",
                toNotReady.toMillis(), toReady.toMillis());
        List<String> outageLines = environment().serverLogText().lines().skip(linesBefore)
                .filter(line -> line.contains("Database unreachable") || line.contains("Health check failed"))
                .toList();
        // docs/OPERATIONS.md, "Logs": one line per kind of failure per minute, never a stack trace per request.
        assertThat(outageLines).as("%d requests failed alike", requests.size()).hasSizeBetween(1, 6);
        assertThat(environment().serverLogText().lines().skip(linesBefore).filter(line -> line.startsWith("\tat ")))
                .as("no stack trace").isEmpty();

        SoftAssertions softly = new SoftAssertions();
        answers.forEach((what, response) -> {
            softly.assertThat(response.statusCode()).as("%s while the database is unreachable: %s", what, response.asString())
                    .isEqualTo(503);
            if (response.statusCode() != 503) {
                return;
            }
            JsonNode body = json(response);
            if (what.equals("GET /health")) {
                softly.assertThat(Json.sameValue(body, UNHEALTHY)).as("%s: body %s", what, body).isTrue();
            } else {
                softly.assertThat(body.path("error").asString("")).as("%s: error", what).isEqualTo("SERVICE_UNAVAILABLE");
                softly.assertThat(body.propertyNames()).as("%s: the body's fields", what).containsExactlyInAnyOrder("error", "message");
            }
        });
        softly.assertAll();

        awaitHealthy();
        for (Operation operation : Operation.values()) {
            Response response = given().get(operation.validRequest());
            softly.assertThat(response.statusCode()).as("%s after the outage: %s", operation, response.asString()).isEqualTo(200);
        }
        softly.assertThat(givenKey(knownKey).get(Operation.LIST_COMPANIES.validRequest()).statusCode())
                .as("the key of before the outage, after it").isEqualTo(200);
        softly.assertThat(givenInvalidKey(ApiKeys.neverIssued("test")).get(Operation.LIST_COMPANIES.validRequest()).statusCode())
                .as("the key nobody issued, now that the database can tell").isEqualTo(401);
        softly.assertAll();
    }

    private static Map<String, Response> sendAtOnce(Map<String, Callable<Response>> requests) throws InterruptedException {
        ExecutorService executor = Executors.newFixedThreadPool(requests.size());
        try {
            List<Future<Response>> futures = new ArrayList<>();
            requests.values().forEach(request -> futures.add(executor.submit(request)));
            Map<String, Response> answers = new LinkedHashMap<>();
            int i = 0;
            for (String what : requests.keySet()) {
                try {
                    answers.put(what, futures.get(i++).get());
                } catch (ExecutionException e) {
                    throw new AssertionError(what + " failed: " + e.getCause(), e.getCause());
                }
            }
            return answers;
        } finally {
            executor.shutdownNow();
        }
    }

    /**
     * The readiness probe until it answers {@code status}, which the rule says comes within
     * {@link #READINESS_TURNS} of {@code since} (plus the tolerance); how long that took, for the log.
     */
    private static Duration awaitReadiness(String what, Management management, int status, Instant since) {
        Duration left = Duration.between(Instant.now(), since.plus(TimeFactor.within(READINESS_TURNS, TOLERANCE)));
        await(what).atMost(left.isNegative() || left.isZero() ? Duration.ofMillis(1) : left).pollInterval(Duration.ofMillis(100))
                .until(() -> management.get("/actuator/health/readiness").statusCode() == status);
        return Duration.between(since, Instant.now());
    }

    /** GET /health until it answers 200 healthy; 503 unhealthy meanwhile, nothing else. */
    private static void awaitHealthy() {
        await("GET /health answers 200 after the database accepted connections again")
                .atMost(TimeFactor.tolerance(RECOVERY_TIMEOUT)).pollInterval(Duration.ofMillis(250))
                .until(() -> {
                    Response response = givenNoKey().get("/health");
                    JsonNode body = json(response);
                    if (response.statusCode() == 200) {
                        assertThat(Json.sameValue(body, HEALTHY)).as("body %s", body).isTrue();
                        return true;
                    }
                    assertThat(response.statusCode()).as("GET /health while the server recovers: %s", body).isEqualTo(503);
                    return false;
                });
    }
}
