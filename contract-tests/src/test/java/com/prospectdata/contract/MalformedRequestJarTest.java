package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.RawExchange;
import com.prospectdata.contract.support.RawHttp;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Requests that HTTP clients would not send, sent byte for byte: those the servlet container
 * refuses before the application runs still get a JSON error with the caller's X-Request-Id
 * (docs/api-rules.md §1 and §2), and two Authorization headers reach the application as two,
 * which refuses them (the web tier's AuthenticationWebTest has every order of them).
 */
class MalformedRequestJarTest extends ContractTest {

    private static final String REQUEST_ID = "malformed-request-42";

    private static JsonNode assertJsonError(RawHttp.Response response, int status, String code) {
        assertThat(response.status()).as("%s", response).isEqualTo(status);
        assertThat(response.header("Content-Type")).as("%s", response).startsWith("application/json");
        JsonNode body = Json.parse(response.body());
        assertThat(body.get("error").stringValue()).isEqualTo(code);
        assertThat(body.get("message").isString()).isTrue();
        return body;
    }

    @Test
    void anUndecodableQueryStringIsAValidationError() throws IOException {
        RawHttp.Response response = RawHttp.get("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN
                + "&search=%E0%A4%A", "Authorization: Bearer " + keys().main(), "X-Request-Id: " + REQUEST_ID);

        assertJsonError(response, 400, "VALIDATION_ERROR");
        assertThat(response.header("X-Request-Id")).isEqualTo(REQUEST_ID);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/companies/%zz", "/api/v1/%", "/%"})
    void aPathWithBrokenPercentEncodingIsAJsonErrorWithTheRequestId(String path) throws IOException {
        RawHttp.Response response = RawHttp.get(path, "Authorization: Bearer " + keys().main(), "X-Request-Id: " + REQUEST_ID);

        assertJsonError(response, 400, "VALIDATION_ERROR");
        assertThat(response.header("X-Request-Id")).as("X-Request-Id of %s", response).isEqualTo(REQUEST_ID);
    }

    @Test
    void twoAuthorizationHeadersOnTheWireAreUnauthorized() throws IOException {
        RawHttp.Response response = RawExchange.send("GET", "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN,
                "Authorization: Bearer " + keys().main(), "Authorization: Bearer " + keys().main());

        JsonNode body = assertJsonError(response, 401, "UNAUTHORIZED");
        assertThat(response.header("WWW-Authenticate")).isEqualTo("Bearer");
        assertThat(body.get("message").stringValue()).contains("exactly one Authorization header");
        assertThat(response.body()).doesNotContain(Fixture.COMPANY_NORDLICHT);
    }

    @Test
    void oversizedHeadersGetAJsonErrorWithARequestId() throws IOException {
        RawHttp.Response response = RawHttp.get("/health", "X-Padding: " + "p".repeat(20_000));

        assertThat(response.status()).as("%s", response).isBetween(400, 499);
        assertThat(response.header("Content-Type")).as("%s", response).startsWith("application/json");
        JsonNode body = Json.parse(response.body());
        assertThat(body.get("error").isString()).isTrue();
        assertThat(body.get("message").isString()).isTrue();
        assertThat(response.header("X-Request-Id")).isNotBlank();
    }
}
