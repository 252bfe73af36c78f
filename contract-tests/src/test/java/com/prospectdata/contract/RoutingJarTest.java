package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.RawExchange;
import com.prospectdata.contract.support.RawHttp;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * TRACE, which the servlet container answers before the application runs: refused like any
 * other method of a GET route (docs/api-rules.md §2). Unknown routes, the other methods and the
 * trailing-slash hints are the web tier's (the server module's api/RoutingWebTest).
 */
class RoutingJarTest extends ContractTest {

    private static List<String> allowed(String header) {
        return Arrays.stream(header.split(",")).map(String::strip).toList();
    }

    /** TRACE, refused like any other method: the message names it, and Allow is the same as for POST. */
    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/companies/" + Fixture.COMPANY_NORDLICHT, "/health", "/openapi.yaml"})
    void traceIsNotAllowedAndNamedAsSent(String route) throws java.io.IOException {
        RawHttp.Response response = RawExchange.send("TRACE", route, "Authorization: Bearer " + keys().main());

        assertThat(response.status()).as("%s", response).isEqualTo(405);
        assertThat(allowed(response.header("Allow"))).containsExactly("GET", "HEAD");
        JsonNode body = Json.parse(response.body());
        assertThat(body.get("error").stringValue()).isEqualTo("METHOD_NOT_ALLOWED");
        assertThat(body.get("message").stringValue()).startsWith("Method TRACE ");
    }
}
