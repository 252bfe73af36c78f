package com.prospectdata.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * {@link ContractInvariants} is not vacuous: it refuses responses that break what
 * docs/api-rules.md says of every response. The responses are made up here, since the server's
 * own are meant to pass.
 */
class ContractInvariantsTest {

    private static final String COMPANY = "/api/v1/companies/x";

    @Test
    void aCompleteErrorPasses() {
        Exchange exchange = json(404, "{\"error\":\"NOT_FOUND\",\"message\":\"Company with ID x not found\"}");

        assertThatCode(() -> ContractInvariants.check(exchange)).doesNotThrowAnyException();
    }

    @Test
    void aNullValueIsRefused() {
        Exchange exchange = json(200, "{\"id\":\"x\",\"phone\":null}");

        assertThatThrownBy(() -> ContractInvariants.check(exchange))
                .hasMessageContaining("/phone is null, but absent values must be omitted");
    }

    @Test
    void aTimestampWithFractionsIsRefused() {
        Exchange exchange = json(200, "{\"id\":\"x\",\"created_at\":\"2026-01-01T00:00:00.123Z\"}");

        assertThatThrownBy(() -> ContractInvariants.check(exchange)).hasMessageContaining("/created_at");
    }

    @Test
    void a401WithoutTheBearerChallengeIsRefused() {
        Exchange exchange = json(401, "{\"error\":\"UNAUTHORIZED\",\"message\":\"No key.\"}");

        assertThatThrownBy(() -> ContractInvariants.check(exchange)).hasMessageContaining("WWW-Authenticate");
    }

    @Test
    void a405WithoutAllowIsRefused() {
        Exchange exchange = json(405, "{\"error\":\"METHOD_NOT_ALLOWED\",\"message\":\"Method POST is not allowed.\"}");

        assertThatThrownBy(() -> ContractInvariants.check(exchange)).hasMessageContaining("Allow");
    }

    @Test
    void a429WhoseRetryAfterHeaderDiffersFromItsBodyIsRefused() {
        String body = "{\"error\":\"RATE_LIMIT_EXCEEDED\",\"message\":\"Rate limit exceeded.\",\"retry_after\":36}";

        assertThatCode(() -> ContractInvariants.check(exchange("GET", COMPANY, 429, "application/json", body, "Retry-After", "36")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> ContractInvariants.check(exchange("GET", COMPANY, 429, "application/json", body, "Retry-After", "35")))
                .hasMessageContaining("Retry-After");
    }

    @Test
    void anErrorWithTheCodeOfAnotherStatusIsRefused() {
        Exchange exchange = json(400, "{\"error\":\"NOT_FOUND\",\"message\":\"Bad.\"}");

        assertThatThrownBy(() -> ContractInvariants.check(exchange)).hasMessageContaining("error code");
    }

    @Test
    void anErrorWithoutAMessageIsRefused() {
        Exchange exchange = json(404, "{\"error\":\"NOT_FOUND\"}");

        assertThatThrownBy(() -> ContractInvariants.check(exchange)).hasMessageContaining("message is a string");
    }

    @Test
    void aResponseWithoutARequestIdOrJsonIsRefused() {
        Exchange exchange = new Exchange("GET", COMPANY, null, 500, Map.of("Content-Type", "text/html"),
                "<h1>Error</h1>".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> ContractInvariants.check(exchange))
                .hasMessageContaining("X-Request-Id")
                .hasMessageContaining("Content-Type")
                .hasMessageContaining("the body is not JSON");
    }

    @Test
    void aNotModifiedHasNeitherBodyNorContentType() {
        assertThatCode(() -> ContractInvariants.check(exchange("GET", COMPANY, 304, null, "")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> ContractInvariants.check(exchange("GET", COMPANY, 304, "application/json", "{}")))
                .hasMessageContaining("body")
                .hasMessageContaining("Content-Type");
    }

    @Test
    void anExportIsHeldToItsLinesEachEndedByALineFeed() {
        String export = "/api/v1/prospect-searches/x/companies/export";

        assertThatCode(() -> ContractInvariants.check(exchange("GET", export, 200, Json.NDJSON, "{\"id\":\"a\"}\n{\"id\":\"b\"}\n")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> ContractInvariants.check(exchange("GET", export, 200, Json.NDJSON, "{\"id\":\"a\"}\n{\"id\":null}")))
                .hasMessageContaining("every line ends with a line feed")
                .hasMessageContaining("/id is null");
    }

    @Test
    void theHealthReportsUnavailabilityInItsOwnShape() {
        Exchange report = exchange("GET", "/health", 503, "application/json", "{\"service\":\"Company Prospect Data API\",\"status\":\"unhealthy\"}");

        assertThatCode(() -> ContractInvariants.check(report)).doesNotThrowAnyException();
    }

    @Test
    void theServedContractIsExemptExceptForItsErrors() {
        assertThatCode(() -> ContractInvariants.check(exchange("GET", "/openapi.yaml", 200, "application/yaml", "openapi: 3.0.3")))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> ContractInvariants.check(exchange("GET", "/docs/nothing.js", 404, "text/html", "<h1>404</h1>")))
                .hasMessageContaining("the body is not JSON");
    }

    @Test
    void aHeadIsHeldToItsRequestIdOnly() {
        Exchange withId = new Exchange("HEAD", COMPANY, null, 200, Map.of("X-Request-Id", "self-test"), new byte[0]);
        Exchange withoutId = new Exchange("HEAD", COMPANY, null, 200, Map.of(), new byte[0]);

        assertThatCode(() -> ContractInvariants.check(withId)).doesNotThrowAnyException();
        assertThatThrownBy(() -> ContractInvariants.check(withoutId)).hasMessageContaining("X-Request-Id");
    }

    @Test
    void headersAreFoundWhateverTheCaseOfTheirName() {
        Exchange exchange = exchange("GET", COMPANY, 401, "application/json", "{\"error\":\"UNAUTHORIZED\",\"message\":\"No key.\"}",
                "www-authenticate", "Bearer");

        assertThatCode(() -> ContractInvariants.check(exchange)).doesNotThrowAnyException();
    }

    private static Exchange json(int status, String body) {
        return exchange("GET", COMPANY, status, "application/json", body);
    }

    /** An exchange with X-Request-Id, this Content-Type (null: none) and the extra header name and value pairs. */
    private static Exchange exchange(String method, String path, int status, @Nullable String contentType, String body,
                                     String... extraHeaders) {
        Map<String, String> headers = new HashMap<>();
        headers.put("x-request-id", "self-test");
        if (contentType != null) {
            headers.put("Content-Type", contentType);
        }
        for (int i = 0; i < extraHeaders.length; i += 2) {
            headers.put(extraHeaders[i], extraHeaders[i + 1]);
        }
        return new Exchange(method, path, null, status, headers, body.getBytes(StandardCharsets.UTF_8));
    }
}
