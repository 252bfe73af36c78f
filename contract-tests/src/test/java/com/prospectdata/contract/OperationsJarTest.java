package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.Management.Scrape;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import io.restassured.response.Response;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * What an operator reads from the management port (docs/OPERATIONS.md), on a server of its own
 * on the shared database with a throttle of 2 failed authentications a minute: the probes, the
 * info endpoint, and each counter of the metrics moving when its event happens, read from the
 * Prometheus scrape before and after (polled: a request is counted once its answer is sent).
 */
@RunsBesideOthers
@Order(14) // after the longest of those that run beside the sequence (junit-platform.properties)
class OperationsJarTest extends ContractTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final String TEMPLATE = "/api/v1/companies/{company_id}";
    private static final String COUNT = "http_server_requests_seconds_count";
    /** How long a scrape may lag behind an answer the client has (Management#scrapeUntil). */
    private static final Duration COUNTED = Duration.ofSeconds(10);

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("operations")
            .argument("--app.auth.failed-attempts-per-minute=2"));

    private static Management management() {
        return Management.of(dedicated.server());
    }

    @Test
    void livenessAndReadinessAreSeparateProbesAndReadinessChecksTheDatabase() {
        HttpResponse<String> liveness = management().get("/actuator/health/liveness");
        assertThat(liveness.statusCode()).isEqualTo(200);
        assertThat(Json.parse(liveness.body()).get("status").stringValue()).isEqualTo("UP");

        HttpResponse<String> readiness = management().get("/actuator/health/readiness");
        assertThat(readiness.statusCode()).isEqualTo(200);
        JsonNode ready = Json.parse(readiness.body());
        assertThat(ready.get("status").stringValue()).isEqualTo("UP");
        assertThat(ready.get("components").propertyNames()).contains("db", "readinessState", "demoData");
    }

    @Test
    void theApiPortServesNeitherProbesNorMetricsAndItsHealthIsTheContracts() {
        Response metrics = dedicated.server().request().get("/actuator/prometheus");
        assertThat(metrics.statusCode()).isEqualTo(404);
        Response health = dedicated.server().validRequest().get("/health");
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(Json.parse(health.asString()).get("status").stringValue()).isEqualTo("healthy");
    }

    @Test
    void aServedRequestIsCountedByRouteStatusAndTierWithItsLatency() throws InterruptedException {
        Map<String, String> served = Map.of("uri", TEMPLATE, "status", "200", "tier", "pro", "method", "GET",
                "exception", "none");
        Scrape before = management().scrape();

        Response response = dedicated.server().validRequest().header("Authorization", "Bearer " + keys().main()).get(COMPANY);
        assertThat(response.statusCode()).isEqualTo(200);

        Scrape after = management().scrapeUntil(scrape -> increase(before, scrape, COUNT, served) >= 1, COUNTED);
        assertThat(increase(before, after, COUNT, served)).isEqualTo(1);
        assertThat(after.sum("http_server_requests_seconds_bucket", served))
                .as("a latency histogram").isGreaterThan(before.sum("http_server_requests_seconds_bucket", served));
        assertThat(after.samples().keySet()).allSatisfy(series -> assertThat(series.labels().values())
                .as("no key, id or raw path as a label of %s", series.name())
                .noneMatch(value -> value.contains(Fixture.COMPANY_NORDLICHT) || value.startsWith("cpd_")));
    }

    /**
     * An HTTP/2 client that closes its connection as soon as it has its answer, as curl does:
     * Tomcat then notes a reset on the stream our filters are still returning from, which must not
     * count as the request's exception.
     */
    @Test
    void answersOverHttp2WhoseClientLeftAtOnceAreSuccessesWithoutAnException() throws Exception {
        int requests = 20;
        Map<String, String> served = Map.of("uri", TEMPLATE, "status", "200", "method", "GET", "outcome", "SUCCESS");
        Scrape before = management().scrape();

        for (int i = 0; i < requests; i++) {
            try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
                    .sslContext(LocalTls.trustingEverything()).build()) {
                HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create(dedicated.server().baseUri() + COMPANY))
                        .header("Authorization", "Bearer " + keys().main()).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(answer.statusCode()).isEqualTo(200);
                assertThat(answer.version()).isEqualTo(HttpClient.Version.HTTP_2);
            }
        }

        Scrape after = management().scrapeUntil(scrape -> increase(before, scrape, COUNT, served) >= requests, COUNTED);
        assertThat(increase(before, after, COUNT, served)).isEqualTo(requests);
        Map<String, String> withoutException = new HashMap<>(served);
        withoutException.put("exception", "none");
        withoutException.put("error", "none");
        assertThat(increase(before, after, COUNT, withoutException))
                .as("every success without an exception: %s", after.samples().keySet().stream()
                        .filter(series -> series.name().equals(COUNT)).toList())
                .isEqualTo(requests);
    }

    @Test
    void refusedKeysAreCountedByReasonAndTheThrottleAsARejection() throws InterruptedException {
        Map<String, String> malformed = Map.of("reason", "malformed");
        Map<String, String> missing = Map.of("reason", "missing");
        Map<String, String> revoked = Map.of("reason", "revoked");
        Map<String, String> throttle = Map.of("limit", "failed_attempts", "tier", "none");
        Scrape before = management().scrape();

        int[] statuses = {
            dedicated.server().requestFrom("127.0.0.4").header("Authorization", "Bearer cpd_test_not-a-key").get(COMPANY).statusCode(),
            dedicated.server().requestFrom("127.0.0.4").get(COMPANY).statusCode(),
            dedicated.server().requestFrom("127.0.0.4").header("Authorization", "Bearer " + keys().revoked()).get(COMPANY).statusCode()};

        assertThat(statuses).containsExactly(401, 401, 429);
        Map<String, String> unauthorized = Map.of("uri", TEMPLATE, "status", "401", "tier", "none");
        Map<String, String> throttled = Map.of("uri", TEMPLATE, "status", "429", "tier", "none");
        Scrape after = management().scrapeUntil(scrape -> increase(before, scrape, COUNT, unauthorized) >= 2
                && increase(before, scrape, COUNT, throttled) >= 1, COUNTED);
        assertThat(increase(before, after, COUNT, unauthorized)).as("refused before the handler, by its route").isEqualTo(2);
        assertThat(increase(before, after, COUNT, throttled)).as("throttled before the handler, by its route").isEqualTo(1);
        assertThat(after.sum("api_authentication_failures_total", malformed) - before.sum("api_authentication_failures_total", malformed))
                .isEqualTo(1);
        assertThat(after.sum("api_authentication_failures_total", missing) - before.sum("api_authentication_failures_total", missing))
                .isEqualTo(1);
        assertThat(after.sum("api_authentication_failures_total", revoked) - before.sum("api_authentication_failures_total", revoked))
                .isEqualTo(1);
        assertThat(after.sum("api_rate_limit_rejections_total", throttle) - before.sum("api_rate_limit_rejections_total", throttle))
                .isEqualTo(1);
    }

    @Test
    void anEmptyBucketIsARejectionOfItsTierAndTheKeyCacheCountsMissesThenHits() throws InterruptedException {
        String key = environment().operatorCommands().run("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", "enterprise",
                "--rate-limit", "1", "--label", "OperationsJarTest").requireSuccess().field("key");
        Map<String, String> bucket = Map.of("limit", "key", "tier", "enterprise");
        Map<String, String> miss = Map.of("cache", "api_keys", "result", "miss");
        Map<String, String> hit = Map.of("cache", "api_keys", "result", "hit");
        Scrape before = management().scrape();

        int first = dedicated.server().validRequest().header("Authorization", "Bearer " + key).get(COMPANY).statusCode();
        int second = dedicated.server().request().header("Authorization", "Bearer " + key).get(COMPANY).statusCode();

        assertThat(new int[] {first, second}).containsExactly(200, 429);
        Map<String, String> limited = Map.of("uri", TEMPLATE, "status", "429", "tier", "enterprise");
        Scrape after = management().scrapeUntil(scrape -> increase(before, scrape, COUNT, limited) >= 1, COUNTED);
        assertThat(increase(before, after, COUNT, limited)).as("the empty bucket's 429, by its route").isEqualTo(1);
        assertThat(after.sum("api_rate_limit_rejections_total", bucket) - before.sum("api_rate_limit_rejections_total", bucket))
                .isEqualTo(1);
        assertThat(after.sum("cache_gets_total", miss) - before.sum("cache_gets_total", miss)).isEqualTo(1);
        assertThat(after.sum("cache_gets_total", hit) - before.sum("cache_gets_total", hit)).isGreaterThanOrEqualTo(1);
    }

    @Test
    void theInfoEndpointNamesTheVersionTheBuildTimeAndTheCommit() {
        HttpResponse<String> info = management().get("/actuator/info");

        assertThat(info.statusCode()).isEqualTo(200);
        JsonNode body = Json.parse(info.body());
        assertThat(body.at("/build/version").asString()).as("%s", body).isNotBlank();
        assertThat(Instant.parse(body.at("/build/time").asString())).isBefore(Instant.now());
        assertThat(body.at("/git/commit/id").asString()).as("the commit the jar was built from, %s", body).matches("[0-9a-f]{7,40}");
    }

    private static double increase(Scrape before, Scrape after, String name, Map<String, String> labels) {
        return after.sum(name, labels) - before.sum(name, labels);
    }

    @Test
    void theDatabasePoolIsMeasured() {
        Scrape scrape = management().scrape();
        assertThat(scrape.has("hikaricp_connections_active")).isTrue();
        assertThat(scrape.has("hikaricp_connections_pending")).isTrue();
        assertThat(scrape.has("hikaricp_connections_acquire_seconds_count")).isTrue();
        assertThat(scrape.has("api_records_loaded_total")).isTrue();
    }
}
