package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.RawExchange;
import com.prospectdata.contract.support.RawHttp;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Methods the servlet container answers before the application runs, TRACE, CONNECT and
 * {@code OPTIONS *}: refused like any other method of a GET route (docs/api-rules.md §2), with
 * the headers of every response. Unknown routes, the other methods and the trailing-slash hints
 * are the web tier's (the server module's api/RoutingWebTest).
 */
class RoutingJarTest extends ContractTest {

    private static final String REQUEST_ID = "routing-42";

    private static List<String> allowed(String header) {
        return Arrays.stream(header.split(",")).map(String::strip).toList();
    }

    /** The contract's 405: Allow names GET and HEAD, the message the method as sent. */
    private static void assertRefused(RawHttp.Response response, String method) {
        assertThat(response.status()).as("%s", response).isEqualTo(405);
        assertThat(allowed(response.header("Allow"))).containsExactly("GET", "HEAD");
        assertThat(response.header("Content-Type")).startsWith("application/json");
        JsonNode body = Json.parse(response.body());
        assertThat(body.get("error").stringValue()).isEqualTo("METHOD_NOT_ALLOWED");
        assertThat(body.get("message").stringValue()).startsWith("Method " + method + " ");
        assertThat(response.header("X-Request-Id")).isEqualTo(REQUEST_ID);
        assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        if (environment().isHttps()) {
            assertThat(response.header("Strict-Transport-Security")).startsWith("max-age=");
        }
    }

    /** TRACE, refused like any other method: the message names it, and Allow is the same as for POST. */
    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/companies/" + Fixture.COMPANY_NORDLICHT, "/health", "/openapi.yaml"})
    void traceIsNotAllowedAndNamedAsSent(String route) throws IOException {
        assertRefused(RawExchange.send("TRACE", route, "Authorization: Bearer " + keys().main(), "X-Request-Id: " + REQUEST_ID),
                "TRACE");
    }

    /** CONNECT, which the servlet container would answer 501 for any target: the API's 405. */
    @Test
    void connectIsNotAllowedAndNamedAsSent() throws IOException {
        assertRefused(RawExchange.send("CONNECT", "127.0.0.1:" + environment().port(), "X-Request-Id: " + REQUEST_ID),
                "CONNECT");
    }

    /** OPTIONS *, which the servlet container would answer 200 with methods the API does not answer. */
    @Test
    void optionsAsteriskIsNotAllowed() throws IOException {
        assertRefused(RawExchange.send("OPTIONS", "*", "X-Request-Id: " + REQUEST_ID), "OPTIONS");
    }
}
