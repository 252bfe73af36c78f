package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.Cors;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.Management.Scrape;
import com.prospectdata.contract.support.RawExchange;
import com.prospectdata.contract.support.RawHttp;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.testing.ApiKeys;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import com.prospectdata.testing.Operation;
import io.restassured.response.Response;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * A server of its own on the shared database and keys, for the settings the shared server cannot
 * have: a free plan of {@code --app.plans.free=getCompany,getHealth} (a free key may get one
 * company and nothing else; the main key is pro, the other organization's key is free), a
 * throttle of 3 failed authentications a minute (docs/SECURITY.md, API2 and API5), and CORS for
 * one origin, {@code --app.cors.allowed-origins=https://partner.example} (API8; CORS off, as by
 * default, is HardeningJarTest's, on the shared server). On it, also
 * what an operator reads from the management port (docs/OPERATIONS.md): the probes, the info
 * endpoint, and each counter of the metrics moving when its event happens, read from the
 * Prometheus scrape before and after (polled: a request is counted once its answer is sent).
 *
 * <p>The throttle counts per client address. The tests that fail authentication on purpose
 * each use a loopback address of their own (127.0.0.2, 127.0.0.3, ...), so no test uses up
 * another's budget and the requests from 127.0.0.1 never fail authentication.
 */
@RunsBesideOthers
@Order(14) // after the longest of those that run beside the sequence (junit-platform.properties)
class OperationsJarTest extends ContractTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final String TEMPLATE = "/api/v1/companies/{company_id}";
    private static final String COUNT = "http_server_requests_seconds_count";
    /** How long a scrape may lag behind an answer the client has (Management#scrapeUntil). */
    private static final Duration COUNTED = Duration.ofSeconds(10);

    private static final String FREE_PLAN = "getCompany,getHealth";
    private static final String OTHER_COMPANY = "/api/v1/companies/" + Fixture.COMPANY_OTHER_ORG;
    private static final String OTHER_LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_OTHER_ORG;
    private static final String MAIN_LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;
    private static final int FAILED_ATTEMPTS_PER_MINUTE = 3;

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("operations")
            .argument("--app.plans.free=" + FREE_PLAN)
            .argument("--app.auth.failed-attempts-per-minute=" + FAILED_ATTEMPTS_PER_MINUTE)
            .argument("--app.cors.allowed-origins=" + Cors.PARTNER));

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

        String address = "127.0.0.7";
        int[] statuses = {
            dedicated.server().requestFrom(address).header("Authorization", "Bearer cpd_test_not-a-key").get(COMPANY).statusCode(),
            dedicated.server().requestFrom(address).get(COMPANY).statusCode(),
            dedicated.server().requestFrom(address).header("Authorization", "Bearer " + keys().revoked()).get(COMPANY).statusCode(),
            dedicated.server().requestFrom(address).header("Authorization", "Bearer cpd_test_not-a-key").get(COMPANY).statusCode()};

        assertThat(statuses).containsExactly(401, 401, 401, 429);
        Map<String, String> unauthorized = Map.of("uri", TEMPLATE, "status", "401", "tier", "none");
        Map<String, String> throttled = Map.of("uri", TEMPLATE, "status", "429", "tier", "none");
        Scrape after = management().scrapeUntil(scrape -> increase(before, scrape, COUNT, unauthorized) >= 3
                && increase(before, scrape, COUNT, throttled) >= 1, COUNTED);
        assertThat(increase(before, after, COUNT, unauthorized)).as("refused before the handler, by its route").isEqualTo(3);
        assertThat(increase(before, after, COUNT, throttled)).as("throttled before the handler, by its route").isEqualTo(1);
        // The throttled attempt is a failed authentication too, counted by its reason.
        assertThat(after.sum("api_authentication_failures_total", malformed) - before.sum("api_authentication_failures_total", malformed))
                .isEqualTo(2);
        assertThat(after.sum("api_authentication_failures_total", missing) - before.sum("api_authentication_failures_total", missing))
                .isEqualTo(1);
        assertThat(after.sum("api_authentication_failures_total", revoked) - before.sum("api_authentication_failures_total", revoked))
                .isEqualTo(1);
        assertThat(after.sum("api_rate_limit_rejections_total", throttle) - before.sum("api_rate_limit_rejections_total", throttle))
                .isEqualTo(1);
    }

    @Test
    void anEmptyBucketIsARejectionOfItsTierAndTheKeyCacheCountsMissesThenHits() throws InterruptedException {
        String key = environment().key(FixtureKey.of(Fixture.ORG_OURS).enterprise(1).label("OperationsJarTest")).key();
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

    /** The /api/v1 operations the free plan of this server leaves out, on the other organization's data. */
    static Stream<String> operationsOutsideTheFreePlan() {
        return Stream.of(
                OTHER_LIST,
                OTHER_COMPANY + "/jobs",
                OTHER_COMPANY + "/jobs/summary",
                OTHER_COMPANY + "/webtech-intel",
                OTHER_COMPANY + "/webtech-intel/summary");
    }

    @ParameterizedTest
    @MethodSource("operationsOutsideTheFreePlan")
    void aFreeKeyIsForbiddenWhatItsPlanLeavesOutAndTheMessageNamesThePlan(String path) {
        Response response = dedicated.server().validRequest().header("Authorization", "Bearer " + keys().otherOrganization()).get(path);

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(403);
        JsonNode body = json(response);
        assertThat(body.get("error").stringValue()).isEqualTo("FORBIDDEN");
        assertThat(body.get("message").stringValue()).as("the message names the plan").contains("free");
        // The key was authenticated and counted: its rate-limit headers come along (the document's Rate limits section).
        assertThat(response.header("X-RateLimit-Limit")).isEqualTo("100");
        assertThat(response.header("RateLimit-Policy")).isEqualTo("\"hourly\";q=100;w=3600");
    }

    @Test
    void aFreeKeyGetsWhatItsPlanIncludes() {
        Response company = dedicated.server().validRequest().header("Authorization", "Bearer " + keys().otherOrganization()).get(OTHER_COMPANY);
        assertThat(company.statusCode()).as("%s", company.asString()).isEqualTo(200);
        assertThat(json(company).get("id").stringValue()).isEqualTo(Fixture.COMPANY_OTHER_ORG);

        assertThat(dedicated.server().validRequest().get("/health").statusCode()).isEqualTo(200);
    }

    @Test
    void thePlanIsCheckedAfterAuthenticationAndBeforeTheParameters() {
        // The document's order of checks: 401, then 429, then 403 (scope and plan), then 400.
        Response invalid = dedicated.server().request().header("Authorization", "Bearer " + keys().otherOrganization())
                .get(OTHER_LIST + "&limit=0");
        assertThat(invalid.statusCode()).as("an invalid parameter of an operation outside the plan: %s", invalid.asString())
                .isEqualTo(403);
        assertThat(json(invalid).get("error").stringValue()).isEqualTo("FORBIDDEN");

        // From an address of its own: a failed authentication counts against the throttle.
        Response anonymous = dedicated.server().requestFrom("127.0.0.5").get(OTHER_LIST);
        assertThat(anonymous.statusCode()).isEqualTo(401);
    }

    @Test
    void aProKeyIsNotAffectedByTheFreePlan() {
        String company = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
        for (String path : new String[] {MAIN_LIST, company, company + "/jobs", company + "/jobs/summary",
                company + "/webtech-intel", company + "/webtech-intel/summary"}) {
            Response response = dedicated.server().validRequest().header("Authorization", "Bearer " + keys().main()).get(path);
            assertThat(response.statusCode()).as("%s: %s", path, response.asString()).isEqualTo(200);
            assertThat(response.header("X-RateLimit-Limit")).isEqualTo("1000");
        }
    }

    @Test
    void anAddressThatFailedAuthenticationTooOftenIsThrottledWith429() {
        String address = "127.0.0.2";
        for (int attempt = 1; attempt <= FAILED_ATTEMPTS_PER_MINUTE; attempt++) {
            Response failed = dedicated.server().requestFrom(address)
                    .header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(MAIN_LIST);
            assertThat(failed.statusCode()).as("failed attempt %d: %s", attempt, failed.asString()).isEqualTo(401);
        }

        Response throttled = dedicated.server().requestFrom(address)
                .header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(MAIN_LIST);
        assertThrottled(throttled);

        // Only failures are throttled: a good key from the same address (another client behind
        // the same NAT or proxy) is served as always.
        Response goodKey = dedicated.server().requestFrom(address).header("Authorization", "Bearer " + keys().main()).get(MAIN_LIST);
        assertThat(goodKey.statusCode()).as("%s", goodKey.asString()).isEqualTo(200);
        assertThat(goodKey.header("X-RateLimit-Limit")).isEqualTo("1000");
        // ... while the failures from there stay throttled, on every path, the free one too.
        assertThrottled(dedicated.server().requestFrom(address).header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(MAIN_LIST));
        assertThrottled(dedicated.server().requestFrom(address).header("Authorization", "Bearer " + ApiKeys.neverIssued("test"))
                .get(Operation.GET_USAGE.validRequest()));
    }

    @Test
    void theThrottleCountsPerAddress() {
        String noisy = "127.0.0.3";
        for (int attempt = 0; attempt <= FAILED_ATTEMPTS_PER_MINUTE; attempt++) {
            dedicated.server().requestFrom(noisy).header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(MAIN_LIST);
        }
        assertThrottled(dedicated.server().requestFrom(noisy).header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(MAIN_LIST));

        Response elsewhere = dedicated.server().requestFrom("127.0.0.4")
                .header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(MAIN_LIST);
        assertThat(elsewhere.statusCode()).as("another address: %s", elsewhere.asString()).isEqualTo(401);
        Response loopback = dedicated.server().validRequest().header("Authorization", "Bearer " + keys().main()).get(MAIN_LIST);
        assertThat(loopback.statusCode()).as("127.0.0.1: %s", loopback.asString()).isEqualTo(200);
    }

    @Test
    void successfulRequestsDoNotCountAgainstTheThrottle() {
        String address = "127.0.0.6";
        for (int i = 0; i < 2 * FAILED_ATTEMPTS_PER_MINUTE; i++) {
            Response ok = dedicated.server().requestFrom(address).header("Authorization", "Bearer " + keys().main()).get(MAIN_LIST);
            assertThat(ok.statusCode()).as("%s", ok.asString()).isEqualTo(200);
        }
        for (int attempt = 1; attempt <= FAILED_ATTEMPTS_PER_MINUTE; attempt++) {
            Response failed = dedicated.server().requestFrom(address)
                    .header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(MAIN_LIST);
            assertThat(failed.statusCode()).as("failed attempt %d: %s", attempt, failed.asString()).isEqualTo(401);
        }
    }

    /** 429 RATE_LIMIT_EXCEEDED of the throttle: retry_after equals Retry-After, and no key was accepted. */
    static void assertThrottled(Response response) {
        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(429);
        JsonNode body = json(response);
        assertThat(body.get("error").stringValue()).isEqualTo("RATE_LIMIT_EXCEEDED");
        long retryAfter = body.get("retry_after").longValue();
        assertThat(response.header("Retry-After")).isEqualTo(Long.toString(retryAfter));
        // A budget of 3 a minute refills one attempt every 20 seconds.
        assertThat(retryAfter).isBetween(1L, 60L);
        // Its own words, so that the partner checks the key it sends, not its hourly budget.
        assertThat(body.get("message").stringValue()).isEqualTo("Too many failed authentication attempts from this address;"
                + " check the key you send. Retry after " + retryAfter + " seconds.");
        assertThat(response.header("Cache-Control")).contains("no-store");
        assertThat(response.header("X-RateLimit-Limit")).as("no key was checked: no rate-limit headers").isNull();
        assertThat(response.header("RateLimit")).as("no key was checked: no rate-limit headers").isNull();
    }

    // ---------------------------------------------------------------- CORS, configured

    @Test
    void aConfiguredOriginIsGrantedOnGet() {
        Response response = dedicated.server().validRequest().header("Origin", Cors.PARTNER)
                .header("Authorization", "Bearer " + keys().main()).get(Cors.LIST);

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(200);
        assertThat(response.header("Access-Control-Allow-Origin")).isEqualTo(Cors.PARTNER);
        assertThat(response.header("Access-Control-Allow-Credentials")).as("keys are not cookies").isNull();
        assertThat(response.headers().getValues("Vary")).as("caches keep answers per origin").contains("Origin");
        assertThat(Cors.listedLowerCase(response.header("Access-Control-Expose-Headers")))
                .as("a browser client can read the request id, its budget, the ETag, the page links, the key's expiry,"
                        + " and an export's line count and feed position")
                .contains("x-request-id", "x-ratelimit-remaining", "retry-after", "etag", "link", "api-key-expiration",
                        "export-total", "changes-cursor");
    }

    @Test
    void aConfiguredOriginIsGrantedOnPreflightForGetOnly() throws IOException {
        RawHttp.Response get = Cors.preflight(dedicated.server().port(), Cors.PARTNER, "GET");

        assertThat(get.status()).as("%s", get).isBetween(200, 299);
        assertThat(get.header("Access-Control-Allow-Origin")).as("%s", get).isEqualTo(Cors.PARTNER);
        assertThat(Cors.listed(get.header("Access-Control-Allow-Methods"))).as("%s", get).contains("GET")
                .doesNotContain("POST", "PUT", "PATCH", "DELETE");
        assertThat(Cors.listedLowerCase(get.header("Access-Control-Allow-Headers")))
                .as("%s", get).contains("authorization", "if-none-match");

        RawHttp.Response post = Cors.preflight(dedicated.server().port(), Cors.PARTNER, "POST");
        assertThat(post.header("Access-Control-Allow-Origin")).as("a preflight for POST: %s", post).isNull();
    }

    @Test
    void anotherOriginIsNotGrantedWhenCorsIsConfigured() throws IOException {
        RawHttp.Response get = RawExchange.send(true, dedicated.server().port(), "GET " + Cors.LIST + " HTTP/1.1",
                "Origin: " + Cors.EVIL, "Authorization: Bearer " + keys().main());
        assertThat(get.header("Access-Control-Allow-Origin")).as("%s", get).isNull();

        RawHttp.Response preflight = Cors.preflight(dedicated.server().port(), Cors.EVIL, "GET");
        assertThat(preflight.header("Access-Control-Allow-Origin")).as("%s", preflight).isNull();
        assertThat(preflight.header("Access-Control-Allow-Methods")).as("%s", preflight).isNull();
    }

    /**
     * When the server refuses a request of an origin it does not allow, the refusal is an error
     * of the API like any other: JSON {@code {"error", "message"}} with Cache-Control: no-store
     * (docs/api-rules.md §1 and §2). ContractInvariants checks that on both requests.
     */
    @Test
    void aRequestOfAnotherOriginIsRefusedInTheContractsShape() {
        Response get = dedicated.server().request().header("Origin", Cors.EVIL)
                .header("Authorization", "Bearer " + keys().main()).get(Cors.LIST);
        assertThat(get.header("Access-Control-Allow-Origin")).isNull();

        Response preflight = dedicated.server().request().header("Origin", Cors.EVIL)
                .header("Access-Control-Request-Method", "GET")
                .header("Access-Control-Request-Headers", "authorization")
                .options(Cors.LIST);
        assertThat(preflight.header("Access-Control-Allow-Origin")).isNull();
    }
}
