package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.RedisProcess;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import io.restassured.response.Response;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * With {@code logging.structured.format.console=ecs} (docs/OPERATIONS.md, "Logs") the server's
 * whole output, stdout and stderr, from its start to the end of a SIGTERM's shutdown, is JSON, one
 * object a line: nothing the JVM or a library prints outside the logger (the JDK's warning for
 * Tomcat's use of sun.misc.Unsafe on the first TLS connection, say). On the rate limits' Redis
 * store too, whose client brings Netty. Each access line carries Elastic Common Schema's fields,
 * numbers as numbers, and one request id.
 */
class JsonOnlyLogsJarTest extends ContractTest {

    private static final String LIST = "/api/v1/companies/";

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES) // a server's whole life, start and shutdown included
    void everyLineOfAServersLifeIsJsonAndEachAccessLineIsEcs() throws Exception {
        Path directory = Path.of(System.getProperty("basedir", ".")).toAbsolutePath()
                .resolve("target").resolve("contract").resolve("json-only-logs");
        Map<String, Response> answers = new LinkedHashMap<>();
        ServerProcess server;
        try (RedisProcess redis = RedisProcess.start(directory.resolve("redis"))) {
            server = ServerProcess.onSharedDatabase("json-only-logs")
                    .argument("--logging.structured.format.console=ecs")
                    .argument("--app.rate-limit.store=redis")
                    .argument("--spring.data.redis.url=" + redis.url())
                    .start();
            try {
                answers.put("ok", server.validRequest().header("Authorization", "Bearer " + keys().main())
                        .header("User-Agent", "json-only-logs-test/1.0")
                        .queryParam("prospect_search_id", Fixture.SEARCH_MAIN)
                        .queryParam("search", "Nordlicht")
                        .queryParam("limit", 2)
                        .get(LIST));
                answers.put("unauthenticated", server.request().queryParam("prospect_search_id", Fixture.SEARCH_MAIN).get(LIST));
                answers.put("unknown", server.request().header("Authorization", "Bearer " + keys().main()).get("/api/v1/nowhere"));
            } finally {
                server.terminate();
                assertThat(server.awaitExit(Duration.ofSeconds(40))).as("the server stopped on SIGTERM").isPresent();
            }
        }
        assertThat(answers.values().stream().map(Response::statusCode)).containsExactly(200, 401, 404);

        List<JsonNode> lines = new ArrayList<>();
        for (String line : server.logText().lines().toList()) {
            try {
                JsonNode object = Json.parse(line);
                assertThat(object.isObject()).as("a JSON object: %s", line).isTrue();
                lines.add(object);
            } catch (RuntimeException notJson) {
                fail("A line of the server's output (stdout and stderr, %s) is not JSON: %s", server.log(), line);
            }
        }
        assertThat(lines).as("the server logged its start and its shutdown").hasSizeGreaterThan(10);
        Map<String, JsonNode> access = lines.stream()
                .filter(line -> "access".equals(line.at("/log/logger").asString()))
                .collect(Collectors.toMap(line -> line.at("/http/request/id").asString(), Function.identity()));

        JsonNode ok = access.get(answers.get("ok").header("X-Request-Id"));
        assertThat(ok).as("the access line of the 200 among %s", access.values()).isNotNull();
        assertThat(ok.at("/http/response/status_code").isIntegralNumber()).as("%s", ok).isTrue();
        assertThat(ok.at("/http/response/status_code").asInt()).isEqualTo(200);
        assertThat(ok.at("/event/duration").isIntegralNumber()).as("%s", ok).isTrue();
        assertThat(ok.at("/http/request/method").asString()).isEqualTo("GET");
        assertThat(ok.at("/url/path").asString()).isEqualTo(LIST);
        assertThat(ok.at("/url/query").asString()).as("the search's value cut short")
                .contains("prospect_search_id=" + Fixture.SEARCH_MAIN).contains("limit=2").contains("search=Nor…")
                .doesNotContain("Nordlicht");
        assertThat(ok.at("/user_agent/original").asString()).isEqualTo("json-only-logs-test/1.0");
        assertThat(ok.at("/labels/operation").asString()).isEqualTo("listCompanies");

        JsonNode unauthenticated = access.get(answers.get("unauthenticated").header("X-Request-Id"));
        assertThat(unauthenticated.at("/http/response/status_code").asInt()).isEqualTo(401);
        assertThat(unauthenticated.at("/labels/key_id").asString()).isEqualTo("-");
        JsonNode unknown = access.get(answers.get("unknown").header("X-Request-Id"));
        assertThat(unknown.at("/http/response/status_code").asInt()).isEqualTo(404);
        assertThat(unknown.at("/url/query").isMissingNode()).isTrue();

        assertThat(access.values()).allSatisfy(line -> {
            assertThat(line.toString()).as("one request id field").doesNotContain("request_id", "requestId");
            assertThat(line.at("/http/request/id").isString()).isTrue();
        });
    }
}
