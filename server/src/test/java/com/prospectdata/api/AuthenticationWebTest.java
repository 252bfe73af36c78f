package com.prospectdata.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.ApiKeys;
import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.WebTierTest;
import java.util.Base64;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import tools.jackson.databind.JsonNode;

/**
 * Bearer keys and the scope (the document's Authentication and Errors sections). Every 401 is
 * UNAUTHORIZED with {@code WWW-Authenticate: Bearer}; ContractInvariants checks that on each
 * response.
 */
class AuthenticationWebTest extends WebTierTest {

    static final String LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;

    /** One request of each /api/v1 operation, valid in every other respect. */
    static Stream<String> operations() {
        String company = Fixture.COMPANY_NORDLICHT;
        return Stream.of(
                LIST,
                "/api/v1/companies/" + company,
                "/api/v1/companies/" + company + "/jobs",
                "/api/v1/companies/" + company + "/jobs/summary",
                "/api/v1/companies/" + company + "/webtech-intel",
                "/api/v1/companies/" + company + "/webtech-intel/summary");
    }

    /** A GET with this exact Authorization header (null: none). */
    private Answer withAuthorization(String authorization, String path) throws Exception {
        MockHttpServletRequestBuilder request = request(HttpMethod.GET, path);
        return send(authorization == null ? request : request.header("Authorization", authorization));
    }

    private static void assertUnauthorized(Answer response) {
        assertThat(response.status()).as("%s", response).isEqualTo(401);
        assertThat(response.header("WWW-Authenticate")).isEqualTo("Bearer");
        assertThat(response.json().get("error").stringValue()).isEqualTo("UNAUTHORIZED");
    }

    @Test
    void issuedKeysHaveTheDocumentedFormat() {
        // Also shows that ApiKeys computes checksums as the server does, so the keys it makes
        // below fail for the reason each test names.
        for (String key : new String[] {keys().main(), keys().noScope(), keys().revoked()}) {
            assertThat(key).matches("cpd_test_[0-9A-Za-z]{36}");
            assertThat(key.substring(key.length() - 6)).isEqualTo(ApiKeys.checksum(key.substring(0, key.length() - 6)));
        }
        assertThat(keys().live()).matches("cpd_live_[0-9A-Za-z]{36}");
    }

    @ParameterizedTest
    @MethodSource("operations")
    void theMainKeyIsAccepted(String path) throws Exception {
        assertThat(fetch(path).status()).isEqualTo(200);
    }

    @ParameterizedTest
    @MethodSource("operations")
    void aMissingKeyIsUnauthorized(String path) throws Exception {
        assertUnauthorized(withAuthorization(null, path));
    }

    Stream<Arguments> badAuthorizations() {
        Function<String, String> bearer = key -> "Bearer " + key;
        String main = keys().main();
        return Stream.of(
                Arguments.of("empty header", ""),
                Arguments.of("scheme only", "Bearer"),
                Arguments.of("scheme and blank", "Bearer    "),
                Arguments.of("no Bearer prefix", main),
                Arguments.of("another scheme", "Basic " + Base64.getEncoder().encodeToString(("x:" + main).getBytes())),
                Arguments.of("Token scheme", "Token " + main),
                Arguments.of("not a key", bearer.apply("not-a-key")),
                Arguments.of("unknown prefix", bearer.apply("xyz" + main.substring(3))),
                Arguments.of("unknown environment", bearer.apply("cpd_prod_" + main.substring(9))),
                Arguments.of("too short", bearer.apply(main.substring(0, main.length() - 1))),
                Arguments.of("too long", bearer.apply(main + "0")),
                Arguments.of("not base62", bearer.apply(main.substring(0, 20) + "-" + main.substring(21))),
                Arguments.of("wrong checksum", bearer.apply(ApiKeys.withWrongChecksum(main))),
                Arguments.of("well-formed, never issued", bearer.apply(ApiKeys.neverIssued("test"))),
                Arguments.of("revoked", bearer.apply(keys().revoked())),
                Arguments.of("key of the other environment (live)", bearer.apply(keys().live())),
                Arguments.of("never issued, other environment", bearer.apply(ApiKeys.neverIssued("live"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badAuthorizations")
    void aBadKeyIsUnauthorized(String what, String authorization) throws Exception {
        assertUnauthorized(withAuthorization(authorization, LIST));
    }

    @ParameterizedTest
    @MethodSource("operations")
    void theRevokedKeyIsUnauthorizedEverywhere(String path) throws Exception {
        assertUnauthorized(withAuthorization("Bearer " + keys().revoked(), path));
    }

    @Test
    void anUnknownRouteUnderApiV1NeedsAKeyFirst() throws Exception {
        assertUnauthorized(withAuthorization(null, "/api/v1/no-such-thing"));
    }

    @ParameterizedTest
    @MethodSource("operations")
    void aKeyWithoutTheScopeIsForbidden(String path) throws Exception {
        Answer response = send(callWith(keys().noScope(), path));

        assertThat(response.status()).as("%s", response).isEqualTo(403);
        JsonNode body = response.json();
        assertThat(body.get("error").stringValue()).isEqualTo("FORBIDDEN");
        assertThat(body.get("message").stringValue()).isEqualTo("Insufficient scopes. Required: companies:read");
    }

    /**
     * Two Authorization headers are refused whichever comes first: a proxy or cache on the way
     * may have read the other one, so neither is taken.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("twoAuthorizations")
    void twoAuthorizationHeadersAreUnauthorizedInEitherOrder(String what, String first, String second) throws Exception {
        Answer response = send(request(HttpMethod.GET, LIST).header("Authorization", first, second));

        assertThat(response.status()).as("%s", response).isEqualTo(401);
        assertThat(response.header("WWW-Authenticate")).isEqualTo("Bearer");
        assertThat(response.json().get("message").stringValue()).contains("exactly one Authorization header");
        assertThat(response.asString()).doesNotContain(Fixture.COMPANY_NORDLICHT);
    }

    Stream<Arguments> twoAuthorizations() {
        String good = "Bearer " + keys().main();
        String bad = "Bearer " + ApiKeys.neverIssued("test");
        return Stream.of(
                Arguments.of("good, then bad", good, bad),
                Arguments.of("bad, then good", bad, good),
                Arguments.of("the good key twice", good, good));
    }
}
