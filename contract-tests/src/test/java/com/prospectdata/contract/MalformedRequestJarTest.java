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
 * (docs/api-rules.md §1 and §2), in the contract's statuses (a transfer coding or an expectation
 * it does not know is a 400, and so is another major HTTP version: docs/SECURITY.md, "What the
 * servlet container answers itself"), and two Authorization headers reach the application as two,
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

    /** What the container's answers carry like every other (docs/api-rules.md §1): the caller's id and the security headers. */
    private static JsonNode assertContainerAnswer(RawHttp.Response response, int status, String code) {
        JsonNode body = assertJsonError(response, status, code);
        assertThat(response.header("X-Request-Id")).as("%s", response).isEqualTo(REQUEST_ID);
        assertThat(response.header("X-Content-Type-Options")).as("%s", response).isEqualTo("nosniff");
        assertThat(response.header("Cache-Control")).as("%s", response).isEqualTo("no-store");
        if (environment().isHttps()) {
            assertThat(response.header("Strict-Transport-Security")).as("%s", response).startsWith("max-age=");
        }
        return body;
    }

    private static RawHttp.Response requestLine(String requestLine, String... headerLines) throws IOException {
        String[] lines = new String[headerLines.length + 1];
        lines[0] = "X-Request-Id: " + REQUEST_ID;
        System.arraycopy(headerLines, 0, lines, 1, headerLines.length);
        return RawExchange.send(environment().isHttps(), environment().port(), requestLine, lines);
    }

    /**
     * A transfer coding the server does not read: the servlet container's 501 is the contract's
     * 400 (RFC 9112, 6.3, asks 400 when chunked is not the last coding).
     */
    @ParameterizedTest
    @ValueSource(strings = {"foo", "gzip, chunked"})
    void aTransferCodingTheServerDoesNotReadIsAValidationError(String codings) throws IOException {
        RawHttp.Response response = requestLine("GET /health HTTP/1.1", "Transfer-Encoding: " + codings);

        JsonNode body = assertContainerAnswer(response, 400, "VALIDATION_ERROR");
        assertThat(body.get("message").stringValue()).contains("Transfer-Encoding");
    }

    /** An expectation other than 100-continue: the servlet container's 417 is the contract's 400. */
    @Test
    void anExpectationOtherThan100ContinueIsAValidationError() throws IOException {
        RawHttp.Response response = requestLine("GET /health HTTP/1.1", "Expect: foo");

        JsonNode body = assertContainerAnswer(response, 400, "VALIDATION_ERROR");
        assertThat(body.get("message").stringValue()).contains("Expect", "100-continue");
    }

    /** 100-continue is met: the client hears 100 Continue, then the answer. */
    @Test
    void aRequestExpecting100ContinueIsServed() throws IOException {
        RawHttp.Response response = requestLine("GET /api/v1/companies/" + Fixture.COMPANY_NORDLICHT + " HTTP/1.1",
                "Expect: 100-continue", "Authorization: Bearer " + keys().main());

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(Json.parse(response.body()).get("id").stringValue()).isEqualTo(Fixture.COMPANY_NORDLICHT);
        assertThat(response.header("X-Request-Id")).isEqualTo(REQUEST_ID);
    }

    /**
     * A request line naming another major version of HTTP: a request this server cannot read,
     * 400 naming the version (RFC 9110, 15.6.6, allows a 505, which the contract does not have).
     * HTTP/2 is spoken when the TLS handshake negotiates it, never in an HTTP/1 request line.
     */
    @ParameterizedTest
    @ValueSource(strings = {"HTTP/2.0", "HTTP/3.0", "HTTP/0.9"})
    void anotherMajorVersionIsAValidationErrorNamingIt(String version) throws IOException {
        RawHttp.Response response = requestLine("GET /health " + version);

        JsonNode body = assertContainerAnswer(response, 400, "VALIDATION_ERROR");
        assertThat(body.get("message").stringValue()).contains(version);
    }

    /** HTTP-version is one digit, a dot and one digit (RFC 9112, 2.3): anything else is malformed. */
    @ParameterizedTest
    @ValueSource(strings = {"HTTP/1.10", "HTTP/11.1", "HTTP/1."})
    void aMalformedVersionIsAValidationError(String version) throws IOException {
        assertContainerAnswer(requestLine("GET /health " + version), 400, "VALIDATION_ERROR");
    }

    /**
     * A later minor version of HTTP/1 is served as HTTP/1.1, the highest this server implements
     * (RFC 9110, 6.2); the connection is closed after it, and says so.
     */
    @ParameterizedTest
    @ValueSource(strings = {"HTTP/1.2", "HTTP/1.9"})
    void aLaterMinorVersionOfHttp1IsServedAsHttp11(String version) throws IOException {
        RawHttp.Response response = requestLine("GET /api/v1/companies/" + Fixture.COMPANY_NORDLICHT + " " + version,
                "Authorization: Bearer " + keys().main());

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(Json.parse(response.body()).get("id").stringValue()).isEqualTo(Fixture.COMPANY_NORDLICHT);
        assertThat(response.header("X-Request-Id")).isEqualTo(REQUEST_ID);
        assertThat(response.header("Connection")).isEqualTo("close");
    }

    /**
     * A request target with characters no URI may hold: Tomcat stops at the request line, before
     * reading any header, so the answer carries an id of its own instead of the caller's.
     */
    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/companies/a|b", "/api/v1/companies/{company_id}", "/api/v1/companies/café"})
    void aTargetNoUriMayHoldIsAValidationErrorWithANewRequestId(String target) throws IOException {
        RawHttp.Response response = requestLine("GET " + target + " HTTP/1.1", "Authorization: Bearer " + keys().main());

        assertJsonError(response, 400, "VALIDATION_ERROR");
        assertThat(response.header("X-Request-Id")).as("%s", response).isNotBlank().isNotEqualTo(REQUEST_ID);
        assertThat(response.header("X-Content-Type-Options")).as("%s", response).isEqualTo("nosniff");
        assertThat(response.header("Cache-Control")).as("%s", response).isEqualTo("no-store");
    }
}
