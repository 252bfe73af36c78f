package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.RedisProcess;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * What an operator watches, on one server of its own on the shared database, started as
 * docs/OPERATIONS.md ("Logs", "Tracing") shows: JSON logs ({@code logging.structured.format.console=ecs}),
 * traces exported over OTLP/HTTP to a receiver this class runs, and Redis as the rate limits'
 * store (its client brings Netty, and its commands are traced).
 * <ul>
 * <li>Logs: every line is a JSON object, from the server's start to the end of a SIGTERM's
 * shutdown (nothing the JVM or a library prints outside the logger); the access line carries its
 * fields by Elastic Common Schema's names, numbers as numbers, one request id (the client's
 * X-Request-Id when it sent one) and the trace id; an ordinary 404 or 405 is no warning.</li>
 * <li>Traces: a request's W3C {@code traceparent} continues its trace, with the request's span, its
 * database statements and its Redis commands under it; a request without one starts a trace of
 * its own.</li>
 * </ul>
 * The last test stops the server, so it runs last.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LogsAndTracesJarTest extends ContractTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final String LIST = "/api/v1/companies/";
    private static final String TRACE_ID = "5af7183fb1d4cf5f8a1c2d3e4f506172";
    private static final String LOGGED_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String PARENT_SPAN_ID = "0af7651916cd43dd";
    private static final Duration EXPORT_WAIT = Duration.ofSeconds(30);

    private static final OtlpReceiver receiver = OtlpReceiver.start();
    private static final RedisProcess redis = RedisProcess.start(Path.of(System.getProperty("basedir", ".")).toAbsolutePath()
            .resolve("target").resolve("contract").resolve("logs-and-traces").resolve("redis"));

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("logs-and-traces")
            .argument("--logging.structured.format.console=ecs")
            .argument("--management.opentelemetry.tracing.export.otlp.endpoint=" + receiver.endpoint())
            .argument("--management.opentelemetry.tracing.export.schedule-delay=200ms")
            .argument("--management.tracing.sampling.probability=1.0")
            .argument("--app.rate-limit.store=redis")
            .argument("--app.rate-limit.redis-timeout=5s")
            .argument("--spring.data.redis.url=" + redis.url()));

    @AfterAll
    static void stopReceiverAndRedis() {
        receiver.close();
        redis.close();
    }

    @Test
    @Order(1)
    void aRequestWithATraceparentContinuesItsTraceWithItsStatementsAndRedisCommands() {
        Response response = dedicated.server().validRequest()
                .header("Authorization", "Bearer " + keys().main())
                .header("traceparent", "00-" + TRACE_ID + "-" + PARENT_SPAN_ID + "-01")
                .get("/api/v1/companies/" + Fixture.COMPANY_NORDLICHT);
        assertThat(response.statusCode()).isEqualTo(200);

        List<Span> trace = awaitSpans(spans -> {
            List<Span> ofTrace = ofTrace(spans, TRACE_ID);
            return ofTrace.stream().anyMatch(LogsAndTracesJarTest::isServerSpan)
                    && ofTrace.stream().anyMatch(span -> "postgresql".equals(attribute(span, "db.system")))
                    && ofTrace.stream().anyMatch(span -> "redis".equals(attribute(span, "db.system")));
        }, "the server, database and Redis spans of trace " + TRACE_ID).stream()
                .filter(span -> hex(span.getTraceId().toByteArray()).equals(TRACE_ID)).toList();

        Span server = trace.stream().filter(LogsAndTracesJarTest::isServerSpan).findFirst().orElseThrow();
        assertThat(hex(server.getParentSpanId().toByteArray())).as("the server span's parent").isEqualTo(PARENT_SPAN_ID);
        assertThat(server.getName()).as("named by the route template").contains("/api/v1/companies/{");

        Map<String, Span> byId = trace.stream().collect(Collectors.toMap(span -> hex(span.getSpanId().toByteArray()), span -> span,
                (a, b) -> a));
        Span statement = trace.stream().filter(span -> "postgresql".equals(attribute(span, "db.system"))).findFirst().orElseThrow();
        assertThat(descendsFrom(statement, server, byId)).as("the statement span %s is under the server span", statement.getName()).isTrue();
        assertThat(attribute(statement, "db.operation")).isEqualTo("SELECT");
        Span command = trace.stream().filter(span -> "redis".equals(attribute(span, "db.system"))).findFirst().orElseThrow();
        assertThat(descendsFrom(command, server, byId)).as("the Redis span %s is under the server span", command.getName()).isTrue();

        assertThat(trace.stream().flatMap(span -> span.getAttributesList().stream()).map(kv -> kv.getValue().getStringValue()))
                .as("no attribute carries the key").noneMatch(value -> value.contains(keys().main()));
    }

    @Test
    @Order(2)
    void aRequestWithoutATraceparentStartsATraceOfItsOwn() throws InterruptedException {
        String path = "/api/v1/companies/" + Fixture.COMPANY_SEEBLICK;
        Response response = dedicated.server().validRequest()
                .header("Authorization", "Bearer " + keys().main())
                .get(path);
        assertThat(response.statusCode()).isEqualTo(200);

        Predicate<Span> ofThisRequest = span -> isServerSpan(span)
                && span.getAttributesList().stream().anyMatch(kv -> kv.getValue().getStringValue().contains(path));
        List<Span> spans = awaitSpans(all -> all.stream().anyMatch(ofThisRequest), "the server span of " + path);

        Span server = spans.stream().filter(ofThisRequest).findFirst().orElseThrow();
        assertThat(server.getParentSpanId().isEmpty()).as("a root span").isTrue();
        assertThat(hex(server.getTraceId().toByteArray())).isNotEqualTo(TRACE_ID).isNotEqualTo("0".repeat(32));
    }

    @Test
    @Order(3)
    void theAccessLineCarriesItsFieldsAndTheTraceIdOfTheTraceparent() {
        Response response = dedicated.server().validRequest()
                .header("Authorization", "Bearer " + keys().main())
                .header("traceparent", "00-" + LOGGED_TRACE_ID + "-00f067aa0ba902b7-01")
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
        assertThat(values(access)).as("the trace id of the traceparent, in %s", access).contains(LOGGED_TRACE_ID);
        assertThat(access.toString()).as("never the key itself").doesNotContain(keys().main());
    }

    @Test
    @Order(4)
    void everyLineTheServerLogsIsJsonAndOrdinaryClientErrorsAreNoWarnings() {
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
    @Order(5)
    void theRequestIdTheClientSentReachesTheLog() {
        String id = "contract-log-check-" + System.nanoTime();
        Response response = dedicated.server().validRequest().header("Authorization", "Bearer " + keys().main())
                .header("X-Request-Id", id).get(COMPANY);
        assertThat(response.header("X-Request-Id")).isEqualTo(id);

        assertThat(awaitAccessLine(id).toString()).contains(id);
    }

    @Test
    @Order(Integer.MAX_VALUE)
    @Timeout(value = 2, unit = TimeUnit.MINUTES) // the shutdown included
    void everyLineOfTheServersLifeIsJsonToTheEndOfItsShutdownAndEachAccessLineIsEcs() throws InterruptedException {
        ServerProcess server = dedicated.server();
        Map<String, Response> answers = new LinkedHashMap<>();
        answers.put("ok", server.validRequest().header("Authorization", "Bearer " + keys().main())
                .header("User-Agent", "json-only-logs-test/1.0")
                .queryParam("prospect_search_id", Fixture.SEARCH_MAIN)
                .queryParam("search", "Nordlicht")
                .queryParam("limit", 2)
                .get(LIST));
        answers.put("unauthenticated", server.request().queryParam("prospect_search_id", Fixture.SEARCH_MAIN).get(LIST));
        answers.put("unknown", server.request().header("Authorization", "Bearer " + keys().main()).get("/api/v1/nowhere"));
        server.terminate();
        assertThat(server.awaitExit(Duration.ofSeconds(40))).as("the server stopped on SIGTERM").isPresent();
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
    private static List<Span> awaitSpans(Predicate<List<Span>> complete, String what) {
        return await(what + ", exported").atMost(TimeFactor.tolerance(EXPORT_WAIT))
                .pollInterval(Duration.ofMillis(100))
                .until(receiver::spans, complete);
    }

    private static boolean descendsFrom(Span span, Span ancestor, Map<String, Span> byId) {
        String ancestorId = hex(ancestor.getSpanId().toByteArray());
        Span current = span;
        for (int depth = 0; depth < 32 && current != null; depth++) {
            String parent = hex(current.getParentSpanId().toByteArray());
            if (parent.equals(ancestorId)) {
                return true;
            }
            current = byId.get(parent);
        }
        return false;
    }

    private static List<Span> ofTrace(List<Span> spans, String traceId) {
        return spans.stream().filter(span -> hex(span.getTraceId().toByteArray()).equals(traceId)).toList();
    }

    private static boolean isServerSpan(Span span) {
        return span.getKind() == Span.SpanKind.SPAN_KIND_SERVER;
    }

    private static String attribute(Span span, String key) {
        return span.getAttributesList().stream().filter(kv -> kv.getKey().equals(key)).findFirst()
                .map(kv -> kv.getValue().getStringValue()).orElse(null);
    }

    private static String describe(List<Span> spans) {
        return spans.stream().map(span -> span.getName() + "@" + hex(span.getTraceId().toByteArray()) + " "
                + span.getAttributesList().stream().map(kv -> kv.getKey() + "=" + kv.getValue().getStringValue()).toList())
                .collect(Collectors.joining("; ", "[", "]"));
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    /** An OTLP/HTTP trace receiver: POST /v1/traces, protobuf in, every span kept. */
    private static final class OtlpReceiver implements AutoCloseable {
        private final HttpServer server;
        private final Queue<Span> spans = new ConcurrentLinkedQueue<>();

        private OtlpReceiver(HttpServer server) {
            this.server = server;
        }

        static OtlpReceiver start() {
            try {
                HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
                OtlpReceiver receiver = new OtlpReceiver(server);
                server.createContext("/v1/traces", receiver::receive);
                server.start();
                return receiver;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        String endpoint() {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1/traces";
        }

        List<Span> spans() {
            return List.copyOf(spans);
        }

        private void receive(HttpExchange exchange) throws IOException {
            try (exchange) {
                if (!"POST".equals(exchange.getRequestMethod())
                        || !Optional.ofNullable(exchange.getRequestHeaders().getFirst("Content-Type")).orElse("")
                                .startsWith("application/x-protobuf")) {
                    exchange.sendResponseHeaders(415, -1);
                    return;
                }
                ExportTraceServiceRequest request;
                try (InputStream body = exchange.getRequestBody()) {
                    request = ExportTraceServiceRequest.parseFrom(body);
                }
                for (ResourceSpans resource : request.getResourceSpansList()) {
                    for (ScopeSpans scope : resource.getScopeSpansList()) {
                        spans.addAll(scope.getSpansList());
                    }
                }
                byte[] answer = ExportTraceServiceResponse.getDefaultInstance().toByteArray();
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
                if (answer.length > 0) {
                    try (OutputStream out = exchange.getResponseBody()) {
                        out.write(answer);
                    }
                }
            }
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
