package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.testing.ApiKeys;
import com.prospectdata.testing.Operation;
import com.prospectdata.testing.Fixture;
import io.restassured.response.Response;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Plans and the throttle of failed authentications (docs/SECURITY.md, API2 and API5), on a server of its
 * own started with {@code --app.plans.free=getCompany,getHealth} (a free key may get one company
 * and nothing else) and {@code --app.auth.failed-attempts-per-minute=3}, on the shared database
 * and keys: the main key is pro, the other organization's key is free.
 *
 * <p>The throttle counts per client address. The tests that fail authentication on purpose
 * each use a loopback address of their own (127.0.0.2, 127.0.0.3, ...), so no test uses up
 * another's budget and the requests from 127.0.0.1 never fail authentication.
 */
class PlansAndThrottleJarTest extends ContractTest {

    private static final String FREE_PLAN = "getCompany,getHealth";
    private static final String OTHER_COMPANY = "/api/v1/companies/" + Fixture.COMPANY_OTHER_ORG;
    private static final String OTHER_LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_OTHER_ORG;
    private static final String MAIN_LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;
    private static final int FAILED_ATTEMPTS_PER_MINUTE = 3;

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("plans-and-throttle")
                    .argument("--app.plans.free=" + FREE_PLAN)
                    .argument("--app.auth.failed-attempts-per-minute=" + FAILED_ATTEMPTS_PER_MINUTE));

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
}
