package com.prospectdata.pipeline.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.coyote.Adapter;
import org.apache.coyote.Request;
import org.apache.coyote.Response;
import org.apache.tomcat.util.net.SocketEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What {@link ContainerAdapter} hands the container, as Tomcat's protocols leave each request:
 * the three requests it changes, and that it changes no other. The jar tier sends them on the
 * wire (MalformedRequestJarTest, RoutingJarTest, Http2RequestTargetJarTest).
 */
class ContainerAdapterTest {

    /** The container: what each request looked like when it came in. */
    private static final class Container implements Adapter {

        final List<String> serviced = new ArrayList<>();
        final List<String> logged = new ArrayList<>();

        private static String seen(Request request, Response response) {
            return request.getMethod() + " " + request.requestURI() + " " + request.protocol() + " -> " + response.getStatus()
                    + (response.isErrorReportRequired() ? " refused" : "");
        }

        @Override
        public void service(Request request, Response response) {
            serviced.add(seen(request, response));
        }

        @Override
        public boolean prepare(Request request, Response response) {
            return true;
        }

        @Override
        public boolean asyncDispatch(Request request, Response response, SocketEvent status) {
            return false;
        }

        @Override
        public void log(Request request, Response response, long time) {
            logged.add(seen(request, response));
        }

        @Override
        public void checkRecycled(Request request, Response response) {
        }

        @Override
        public String getDomain() {
            return "test";
        }
    }

    private final Container container = new Container();
    private final ContainerAdapter adapter = new ContainerAdapter(container);
    private final Request request = new Request();
    private final Response response = new Response();

    private void requestLine(String method, String target, String protocol) {
        request.setMethod(method);
        byte[] bytes = target.getBytes(StandardCharsets.ISO_8859_1);
        request.requestURI().setBytes(bytes, 0, bytes.length);
        request.protocol().setString(protocol);
        response.setRequest(request);
    }

    /** As Tomcat's HTTP/1.1 processor leaves a request whose version it does not take: 505 and an error to report. */
    private void refusedByTomcat(int status) {
        response.setStatus(status);
        response.setError();
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/1.2", "HTTP/1.9"})
    void aLaterMinorVersionOfHttp1IsServedAsHttp11(String version) throws Exception {
        requestLine("GET", "/health", version);
        request.getMimeHeaders().addValue("Host").setString("localhost");
        refusedByTomcat(505);

        adapter.service(request, response);

        assertThat(container.serviced).containsExactly("GET /health HTTP/1.1 -> 200");
        assertThat(response.isError()).isFalse();
        assertThat(response.getMimeHeaders().getHeader("Connection")).as("Tomcat closes the connection after it")
                .isEqualTo("close");
    }

    @Test
    void aLaterMinorVersionOfHttp1WithoutHostIsRefusedAsHttp11WouldBe() throws Exception {
        requestLine("GET", "/health", "HTTP/1.2");
        refusedByTomcat(505);

        adapter.service(request, response);

        assertThat(container.serviced).containsExactly("GET /health HTTP/1.1 -> 400 refused");
    }

    @ParameterizedTest
    @ValueSource(strings = {"HTTP/2.0", "HTTP/3.0", "HTTP/1.10"})
    void anyOtherVersionTomcatRefusedStaysRefused(String version) throws Exception {
        requestLine("GET", "/health", version);
        request.getMimeHeaders().addValue("Host").setString("localhost");
        refusedByTomcat(505);

        adapter.service(request, response);

        assertThat(container.serviced).containsExactly("GET /health " + version + " -> 505 refused");
    }

    @Test
    void optionsAsteriskIsRefusedAndLeftToTheErrorReportValve() throws Exception {
        requestLine("OPTIONS", "*", "HTTP/1.1");

        adapter.service(request, response);

        assertThat(container.serviced).containsExactly("OPTIONS / HTTP/1.1 -> 405 refused");
    }

    @ParameterizedTest
    @ValueSource(strings = {"OPTIONS /health", "GET /health", "GET *"})
    void anyOtherRequestPassesUnchanged(String line) throws Exception {
        String[] parts = line.split(" ");
        requestLine(parts[0], parts[1], "HTTP/1.1");

        adapter.service(request, response);

        assertThat(container.serviced).containsExactly(line + " HTTP/1.1 -> 200");
    }

    /** StreamProcessor sets 400 and logs the stream in place of servicing it. */
    @Test
    void anHttp2StreamTomcatsValidationRefusedIsServicedAsRefused() {
        requestLine("GET", "/a|b", "HTTP/2.0");
        response.setStatus(400);

        adapter.log(request, response, 0);

        assertThat(container.serviced).containsExactly("GET /a|b HTTP/2.0 -> 400 refused");
        assertThat(container.logged).isEmpty();
    }

    @Test
    void otherLogsAreLogs() {
        requestLine("GET", "/health", "HTTP/1.1");
        response.setStatus(500);
        adapter.log(request, response, 0);

        Request stream = new Request();
        stream.protocol().setString("HTTP/2.0");
        Response refused = new Response();
        refused.setStatus(400);
        refused.setError();
        adapter.log(stream, refused, 0);

        assertThat(container.serviced).isEmpty();
        assertThat(container.logged).hasSize(2);
    }
}
