package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.given;
import static com.prospectdata.contract.support.Api.givenAuthorization;
import static com.prospectdata.contract.support.Api.givenInvalid;
import static com.prospectdata.contract.support.Api.givenKey;
import static com.prospectdata.contract.support.Api.givenNoKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.Cors;
import com.prospectdata.contract.support.RawExchange;
import com.prospectdata.contract.support.RawHttp;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import io.restassured.http.Header;
import io.restassured.response.Response;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The hardening of every response (docs/SECURITY.md, API8): {@code X-Content-Type-Options: nosniff} on every response, HSTS on
 * every HTTPS response, {@code Cache-Control: no-store} on every error, no Server header and no
 * framework or version words anywhere, the request size bounded (a 20 KB header is a JSON 400,
 * never a 500), and CORS off unless configured. Responses the application writes are checked on
 * the shared server; so are the errors the servlet container raises before the application
 * runs (broken percent-encoding, oversized headers, TRACE, CONNECT, OPTIONS *, an unknown transfer
 * coding or expectation, container-protected paths), which
 * must look the same. CORS with {@code --app.cors.allowed-origins} is checked on the server of
 * {@link OperationsJarTest}, which has the settings the shared server cannot have.
 */
class HardeningJarTest extends ContractTest {

    private static final String LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;
    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final String EVIL = Cors.EVIL;
    /** Words that give away what the server is built with. */
    private static final Pattern BANNER = Pattern.compile(
            "(?i)tomcat|spring|jetty|apache|catalina|servlet|undertow|netty|jboss|wildfly|java|jakarta|x-powered-by");
    /** At least half a year, as browsers' HSTS preload lists ask. */
    private static final long MIN_HSTS_SECONDS = 15_552_000;

    // ---------------------------------------------------------------- responses of the application

    static Stream<Arguments> applicationResponses() {
        return Stream.of(
                case_("200 companies", () -> given().get(LIST)),
                case_("200 company", () -> given().get(COMPANY)),
                case_("200 health", () -> givenNoKey().get("/health")),
                case_("401 no key", () -> givenAuthorization(null).get(LIST)),
                case_("401 revoked key", () -> givenAuthorization("Bearer " + keys().revoked()).get(COMPANY)),
                case_("403 no scope", () -> givenKey(keys().noScope()).get(LIST)),
                case_("403 other organization", () -> given().get("/api/v1/companies/" + Fixture.COMPANY_OTHER_ORG)),
                case_("400 invalid parameter", () -> givenInvalid().get(LIST + "&limit=0")),
                case_("404 unknown company", () -> given().get("/api/v1/companies/c0000000-0000-4000-8000-0000000000ff")),
                case_("404 unknown route", () -> givenInvalid().get("/api/v1/no-such-thing")),
                case_("404 outside the API", () -> givenInvalid().get("/actuator/health")),
                case_("405 POST", () -> givenInvalid().post(LIST)),
                case_("405 OPTIONS", () -> givenInvalid().options(COMPANY)));
    }

    private static Arguments case_(String name, Supplier<Response> request) {
        return Arguments.of(Named.of(name, request));
    }

    @ParameterizedTest
    @MethodSource("applicationResponses")
    void everyResponseCarriesTheSecurityHeadersAndNoBanner(Supplier<Response> request) {
        Response response = request.get();
        Map<String, String> headers = response.headers().asList().stream()
                .collect(Collectors.toMap(header -> header.getName().toLowerCase(Locale.ROOT), Header::getValue,
                        (first, second) -> first + ", " + second));

        SoftAssertions softly = new SoftAssertions();
        checkSecurityHeaders(softly, response.statusCode(), headers, response.asString());
        softly.assertAll();
    }

    // ---------------------------------------------------------------- responses of the servlet container

    /** Requests the servlet container answers itself, before any filter of the application runs. */
    static Stream<Arguments> containerResponses() {
        String id = "X-Request-Id: hardening-container-1";
        return Stream.of(
                raw("%2 in the path", () -> RawHttp.get("/api/v1/companies/%2", "Authorization: Bearer " + keys().main(), id)),
                raw("a header of 20 KB", () -> RawHttp.get("/health", id, "X-Padding: " + "p".repeat(20_000))),
                raw("a request line of 20 KB", () -> RawHttp.get("/health?padding=" + "p".repeat(20_000), id)),
                raw("150 headers", () -> RawHttp.get("/health", manyHeaders(id, 150))),
                raw("a broken request line", () -> RawExchange.send("G{T", "/health", id)),
                raw("TRACE", () -> RawExchange.send("TRACE", "/health", id)),
                raw("CONNECT", () -> RawExchange.send("CONNECT", "127.0.0.1:443", id)),
                raw("OPTIONS *", () -> RawExchange.send("OPTIONS", "*", id)),
                raw("an unknown Transfer-Encoding", () -> RawHttp.get("/health", id, "Transfer-Encoding: foo")),
                raw("Expect: foo", () -> RawHttp.get("/health", id, "Expect: foo")),
                raw("/WEB-INF/web.xml", () -> RawHttp.get("/WEB-INF/web.xml", id)),
                raw("/META-INF/MANIFEST.MF", () -> RawHttp.get("/META-INF/MANIFEST.MF", id)));
    }

    private static Arguments raw(String name, Callable<RawHttp.Response> request) {
        return Arguments.of(Named.of(name, request));
    }

    private static String[] manyHeaders(String first, int count) {
        String[] lines = new String[count];
        lines[0] = first;
        for (int i = 1; i < count; i++) {
            lines[i] = "X-Header-" + i + ": " + i;
        }
        return lines;
    }

    @ParameterizedTest
    @MethodSource("containerResponses")
    void containerErrorsAreJsonClientErrorsWithoutBanners(Callable<RawHttp.Response> request) throws Exception {
        RawHttp.Response response = request.call();

        assertThat(response.status()).as("never a 5xx: %s", response).isBetween(400, 499);
        assertThat(response.header("Content-Type")).as("%s", response).startsWith("application/json");
        JsonNode body = Json.parse(response.body());
        assertThat(body.path("error").isString()).as("%s", response).isTrue();
        assertThat(body.path("message").isString()).as("%s", response).isTrue();
        assertThat(response.header("Cache-Control")).as("%s", response).contains("no-store");
        assertThat(response.header("Server")).as("%s", response).isNull();
        assertNoBanner(response.headers(), response.body());
    }

    /**
     * The errors the container raises must carry what every response carries: X-Request-Id
     * (docs/api-rules.md §1), nosniff, and HSTS since they come over HTTPS.
     */
    @ParameterizedTest
    @MethodSource("containerResponses")
    void containerErrorsCarryTheSameHeadersAsEveryResponse(Callable<RawHttp.Response> request) throws Exception {
        RawHttp.Response response = request.call();

        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(response.header("X-Request-Id")).as("X-Request-Id of %s", response).isNotBlank();
        checkSecurityHeaders(softly, response.status(), response.headers(), response.body());
        if (response.status() == 405) {
            softly.assertThat(Cors.listed(response.header("Allow"))).as("Allow of %s: every route is GET", response)
                    .isSubsetOf("GET", "HEAD");
        }
        softly.assertAll();
    }

    @Test
    void aHeaderOf20KbIsA400ValidationErrorEvenWithAGoodKey() throws IOException {
        RawHttp.Response response = RawHttp.get(LIST, "Authorization: Bearer " + keys().main(),
                "X-Padding: " + "p".repeat(20_000));

        assertThat(response.status()).as("%s", response).isEqualTo(400);
        assertThat(Json.parse(response.body()).get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
        assertThat(response.body()).as("no company data").doesNotContain("Nordlicht");
    }

    // ---------------------------------------------------------------- CORS, off by default

    @Test
    void withoutConfigurationAGetFromABrowserOriginGetsNoCorsGrant() {
        Response response = given().header("Origin", EVIL).get(LIST);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(Cors.corsHeaders(response)).as("CORS is off unless configured").isEmpty();
    }

    @Test
    void withoutConfigurationAPreflightGetsNoCorsGrant() throws IOException {
        RawHttp.Response response = Cors.preflight(environment().port(), EVIL, "GET");

        assertThat(response.header("Access-Control-Allow-Origin")).as("%s", response).isNull();
        assertThat(response.header("Access-Control-Allow-Methods")).as("%s", response).isNull();
        assertThat(response.header("Access-Control-Allow-Headers")).as("%s", response).isNull();
    }

    /**
     * With CORS off, a preflight is an OPTIONS request like any other, which the API answers
     * with its JSON 405 (the web tier's RoutingWebTest): every response, errors included, is JSON (docs/api-rules.md
     * §1), and Allow names the API's methods.
     */
    @Test
    void withoutConfigurationAPreflightIsAnsweredLikeAnyOptionsRequest() {
        Response response = givenInvalid()
                .header("Origin", EVIL)
                .header("Access-Control-Request-Method", "GET")
                .header("Access-Control-Request-Headers", "authorization")
                .options(LIST);

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(405);
        assertThat(Cors.listed(response.header("Allow"))).isSubsetOf("GET", "HEAD");
    }

    // ---------------------------------------------------------------- helpers

    /** nosniff, HSTS (HTTPS), no-store on errors, no Server header, no banner; headers by lower-case name. */
    private static void checkSecurityHeaders(SoftAssertions softly, int status, Map<String, String> headers, String body) {
        String what = status + " " + headers + " " + body;
        softly.assertThat(headers.get("x-content-type-options")).as("X-Content-Type-Options of %s", what).isEqualTo("nosniff");
        if (environment().isHttps()) {
            softly.assertThat(hstsMaxAge(headers.get("strict-transport-security")))
                    .as("Strict-Transport-Security of %s", what).isGreaterThanOrEqualTo(MIN_HSTS_SECONDS);
        }
        if (status >= 400) {
            softly.assertThat(headers.get("cache-control")).as("Cache-Control of %s", what).isNotNull().contains("no-store");
        }
        softly.assertThat(headers).as("no Server header: %s", what).doesNotContainKey("server");
        softly.assertThat(headers).as("no X-Powered-By header: %s", what).doesNotContainKey("x-powered-by");
        headers.forEach((name, value) -> softly.assertThat(name + ": " + value).as("a header of %s", what).doesNotContainPattern(BANNER));
        softly.assertThat(body).as("the body of %s", what).doesNotContainPattern(BANNER);
    }

    private static void assertNoBanner(Map<String, String> headers, String body) {
        headers.forEach((name, value) -> assertThat(name + ": " + value).doesNotContainPattern(BANNER));
        assertThat(body).doesNotContainPattern(BANNER);
    }

    private static long hstsMaxAge(String hsts) {
        if (hsts == null) {
            return -1;
        }
        Matcher matcher = Pattern.compile("max-age=(\\d+)").matcher(hsts);
        return matcher.find() ? Long.parseLong(matcher.group(1)) : -1;
    }
}
