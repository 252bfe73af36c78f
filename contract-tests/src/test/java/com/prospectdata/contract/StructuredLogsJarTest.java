package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * The JSON logs an operator switches on with {@code logging.structured.format.console=ecs}
 * (docs/OPERATIONS.md, "Logs"), on a server of its own on the shared database: every line the
 * server logs is a JSON object, the access line carries its fields by Elastic Common Schema's names, a W3C {@code traceparent}'s
 * trace id and the client's X-Request-Id reach the log, and an ordinary 404 or 405 is no warning.
 */
class StructuredLogsJarTest extends ContractTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("structured-logs")
            .argument("--logging.structured.format.console=ecs"));

    @Test
    void theAccessLineCarriesItsFieldsAndTheTraceIdOfTheTraceparent() throws InterruptedException {
        Response response = dedicated.server().validRequest()
                .header("Authorization", "Bearer " + keys().main())
                .header("traceparent", "00-" + TRACE_ID + "-00f067aa0ba902b7-01")
                .header("User-Agent", "structured-logs-test/1.0")
                .get(COMPANY);
        assertThat(response.statusCode()).isEqualTo(200);
        String requestId = response.header("X-Request-Id");

        JsonNode access = awaitAccessLine(requestId);

        // Elastic Common Schema's names, numbers as numbers; ours under labels.
        assertThat(access.at("/labels/key_id").asString()).matches("[0-9a-f-]{36}");
        assertThat(access.at("/labels/organization").asString()).isEqualTo(Fixture.ORG_OURS);
        assertThat(access.at("/labels/operation").asString()).isEqualTo("getCompany");
        assertThat(access.at("/http/request/method").asString()).isEqualTo("GET");
        assertThat(access.at("/url/path").asString()).isEqualTo(COMPANY);
        assertThat(access.at("/url/query").isMissingNode()).as("no query: no url.query").isTrue();
        assertThat(access.at("/http/response/status_code").isIntegralNumber()).as("%s", access).isTrue();
        assertThat(access.at("/http/response/status_code").asInt()).isEqualTo(200);
        assertThat(access.at("/event/duration").isIntegralNumber()).as("nanoseconds, a number: %s", access).isTrue();
        assertThat(access.at("/event/duration").asLong()).isPositive();
        assertThat(access.at("/http/response/body/bytes").isIntegralNumber()).isTrue();
        assertThat(access.at("/http/response/body/bytes").asLong()).isEqualTo(response.asByteArray().length);
        assertThat(access.at("/client/ip").asString()).isEqualTo("127.0.0.1");
        assertThat(access.at("/user_agent/original").asString()).isEqualTo("structured-logs-test/1.0");
        assertThat(access.at("/http/request/id").asString()).isEqualTo(requestId);
        assertThat(values(access)).as("the trace id of the traceparent, in %s", access).contains(TRACE_ID);
        assertThat(access.toString()).as("never the key itself").doesNotContain(keys().main());
    }

    @Test
    void everyLineTheServerLogsIsJsonAndOrdinaryClientErrorsAreNoWarnings() throws InterruptedException {
        Response notFound = dedicated.server().request().header("Authorization", "Bearer " + keys().main()).get("/api/v1/nowhere");
        Response notAllowed = dedicated.server().request().header("Authorization", "Bearer " + keys().main()).post(COMPANY);
        assertThat(notFound.statusCode()).isEqualTo(404);
        assertThat(notAllowed.statusCode()).isEqualTo(405);
        awaitAccessLine(notFound.header("X-Request-Id"));
        awaitAccessLine(notAllowed.header("X-Request-Id"));

        List<JsonNode> lines = new ArrayList<>();
        for (String line : dedicated.server().logText().lines().toList()) {
            assertThat(line).as("a line that is not JSON").startsWith("{");
            lines.add(Json.parse(line));
        }
        assertThat(lines).as("the server logged").hasSizeGreaterThan(3);
        assertThat(lines).allSatisfy(line -> assertThat(line.path("log").path("level").asString()).as("%s", line).isNotEqualTo("WARN")
                .isNotEqualTo("ERROR"));
    }

    /** The X-Request-Id a client sends is the one its access line carries, so that it can quote it to support. */
    @Test
    void theRequestIdTheClientSentReachesTheLog() throws InterruptedException {
        String id = "contract-log-check-" + System.nanoTime();
        Response response = dedicated.server().validRequest().header("Authorization", "Bearer " + keys().main())
                .header("X-Request-Id", id).get(COMPANY);
        assertThat(response.header("X-Request-Id")).isEqualTo(id);

        assertThat(awaitAccessLine(id).toString()).contains(id);
    }

    private static JsonNode awaitAccessLine(String requestId) {
        return await("an access line for request " + requestId).atMost(TimeFactor.tolerance(Duration.ofSeconds(10)))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> dedicated.server().logText().lines()
                        .filter(line -> line.startsWith("{") && line.contains(requestId))
                        .map(Json::parse)
                        .filter(line -> "access".equals(line.path("log").path("logger").asString()))
                        .findFirst(), Optional::isPresent)
                .orElseThrow();
    }

    private static List<String> values(JsonNode node) {
        List<String> values = new ArrayList<>();
        Json.walk(node, (path, value) -> {
            if (value.isValueNode()) {
                values.add(value.asString());
            }
        });
        return values;
    }
}
