package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.RedisProcess;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.testing.Fixture;
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
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Traces over OTLP/HTTP (docs/OPERATIONS.md, "Tracing"): a server of its own exports to an OTLP
 * receiver run by this class, with Redis as its rate-limit store. A request's W3C
 * {@code traceparent} continues its trace; the request's span, its database statements and its
 * Redis commands arrive in that trace; a request without one starts a trace of its own.
 */
class TracingJarTest extends ContractTest {

    private static final String TRACE_ID = "5af7183fb1d4cf5f8a1c2d3e4f506172";
    private static final String PARENT_SPAN_ID = "0af7651916cd43dd";
    private static final Duration EXPORT_WAIT = Duration.ofSeconds(30);

    private static final OtlpReceiver receiver = OtlpReceiver.start();
    private static final RedisProcess redis = RedisProcess.start(Path.of(System.getProperty("basedir", ".")).toAbsolutePath()
            .resolve("target").resolve("contract").resolve("tracing").resolve("redis"));

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("tracing")
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
    void aRequestWithATraceparentContinuesItsTraceWithItsStatementsAndRedisCommands() throws InterruptedException {
        Response response = dedicated.server().validRequest()
                .header("Authorization", "Bearer " + keys().main())
                .header("traceparent", "00-" + TRACE_ID + "-" + PARENT_SPAN_ID + "-01")
                .get("/api/v1/companies/" + Fixture.COMPANY_NORDLICHT);
        assertThat(response.statusCode()).isEqualTo(200);

        List<Span> trace = awaitSpans(spans -> {
            List<Span> ofTrace = ofTrace(spans, TRACE_ID);
            return ofTrace.stream().anyMatch(TracingJarTest::isServerSpan)
                    && ofTrace.stream().anyMatch(span -> "postgresql".equals(attribute(span, "db.system")))
                    && ofTrace.stream().anyMatch(span -> "redis".equals(attribute(span, "db.system")));
        }, "the server, database and Redis spans of trace " + TRACE_ID).stream()
                .filter(span -> hex(span.getTraceId().toByteArray()).equals(TRACE_ID)).toList();

        Span server = trace.stream().filter(TracingJarTest::isServerSpan).findFirst().orElseThrow();
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

    private static List<Span> awaitSpans(Predicate<List<Span>> complete, String what) throws InterruptedException {
        Instant deadline = Instant.now().plus(EXPORT_WAIT);
        while (true) {
            List<Span> spans = receiver.spans();
            if (complete.test(spans)) {
                return spans;
            }
            assertThat(Instant.now()).as("%s, exported within %s; received: %s", what, EXPORT_WAIT, describe(spans)).isBefore(deadline);
            Thread.sleep(100);
        }
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
