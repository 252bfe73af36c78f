package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.Fixture;
import com.prospectdata.contract.support.Json;
import com.prospectdata.contract.support.RawHttp;
import java.io.IOException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * HTTPS only (decisions.md section 6): the server speaks TLS, and a request that arrives over
 * plain HTTP is never served: 403 HTTPS_REQUIRED, never a redirect (the key already crossed the
 * wire in clear). The environment starts the server with a plain-HTTP listener
 * ({@code app.plain-http-port}) for these tests.
 */
class HttpsTest extends ContractTest {

    @Test
    void theServerSpeaksTls() {
        assertThat(environment().isHttps())
                .as("GET /health answered over plain HTTP on the API port, not over TLS (see target/contract/server.log)")
                .isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN,
            "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs",
            "/api/v1/no-such-thing",
            "/health",
    })
    void plainHttpIsRefusedWithHttpsRequired(String target) throws IOException {
        RawHttp.Response response;
        try {
            response = RawHttp.getPlain(environment().plainHttpPort(), target,
                    "Authorization: Bearer " + keys().main(), "X-Request-Id: plain-http-check");
        } catch (ConnectException e) {
            throw new AssertionError("Nothing listens for plain HTTP on port " + environment().plainHttpPort()
                    + ", given to the server as --app.plain-http-port", e);
        }

        assertThat(response.status()).as("%s", response).isEqualTo(403);
        assertThat(response.header("Location")).as("never a redirect").isNull();
        assertThat(response.header("Content-Type")).startsWith("application/json");
        JsonNode body = Json.parse(response.body());
        assertThat(body.get("error").stringValue()).isEqualTo("HTTPS_REQUIRED");
        assertThat(body.get("message").isString()).isTrue();
        assertThat(response.header("X-Request-Id")).isEqualTo("plain-http-check");
    }
}
