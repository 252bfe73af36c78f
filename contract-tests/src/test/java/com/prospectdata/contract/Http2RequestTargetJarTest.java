package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.RawHttp2;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * HTTP/2 requests the servlet container refuses before the application runs, written frame by
 * frame ({@link RawHttp2}): a {@code :path} holding characters no URI may hold, which Tomcat's
 * HTTP/2 request validation would answer with a bare 400, {@code OPTIONS *}, which it would
 * answer 200 with methods the API does not answer. Each gets the contract's status and body with
 * the caller's X-Request-Id and the security headers, as over HTTP/1.1 (MalformedRequestJarTest,
 * RoutingJarTest; docs/SECURITY.md, "What the servlet container answers itself"), and the
 * connection goes on serving its other streams; so does CONNECT. A control character, which
 * HTTP/2 itself answers with a stream reset, is reset.
 */
class Http2RequestTargetJarTest extends ContractTest {

    private static final String REQUEST_ID = "http2-target-42";
    private static final String COMPANIES = "/api/v1/companies/";
    private static final Duration ANSWER = Duration.ofSeconds(20);
    private static final int PROTOCOL_ERROR = 0x1;

    private RawHttp2 connection;

    @BeforeEach
    void http2IsSpokenOverTls() throws IOException {
        assumeTrue(environment().isHttps(), "HTTP/2 is offered over TLS only (HttpsJarTest.theServerSpeaksTls)");
        connection = RawHttp2.connect(environment().port(), 65_535);
    }

    @AfterEach
    void close() {
        if (connection != null) {
            connection.close();
        }
    }

    private RawHttp2.Response send(String method, String target, String... headerLines) throws IOException, TimeoutException {
        return connection.await(connection.send(method, target, headerLines), ANSWER);
    }

    private static JsonNode assertContainerAnswer(RawHttp2.Response response, int status, String code) {
        assertThat(response.status()).as("%s", response).isEqualTo(status);
        assertThat(response.ended()).as("a whole answer: %s", response).isTrue();
        assertThat(response.header("Content-Type")).as("%s", response).startsWith("application/json");
        JsonNode body = Json.parse(response.body());
        assertThat(body.get("error").stringValue()).as("%s", response).isEqualTo(code);
        assertThat(body.get("message").stringValue()).as("%s", response).isNotBlank();
        assertThat(response.header("X-Request-Id")).as("%s", response).isEqualTo(REQUEST_ID);
        assertThat(response.header("X-Content-Type-Options")).as("%s", response).isEqualTo("nosniff");
        assertThat(response.header("Strict-Transport-Security")).as("%s", response).startsWith("max-age=");
        assertThat(response.header("Cache-Control")).as("%s", response).isEqualTo("no-store");
        return body;
    }

    @ParameterizedTest
    @ValueSource(strings = {COMPANIES + "a|b", COMPANIES + "{company_id}", COMPANIES + "a b", COMPANIES + "café",
            COMPANIES + "a\tb", COMPANIES + "a\"b", "/health?a|b", "/health?a b"})
    void aPathNoUriMayHoldIsAValidationError(String target) throws Exception {
        RawHttp2.Response response = send("GET", target, "Authorization: Bearer " + keys().main(), "X-Request-Id: " + REQUEST_ID);

        assertContainerAnswer(response, 400, "VALIDATION_ERROR");
        assertThat(response.body()).doesNotContain(Fixture.COMPANY_NORDLICHT);
    }

    /**
     * A control character in a field is a malformed message that HTTP/2 itself answers: the
     * stream is reset with PROTOCOL_ERROR (RFC 9113, 8.2.1 and 8.1.1). Tomcat then refuses that
     * connection's later streams too, until it ends it; other connections never notice
     * (docs/SECURITY.md, "What the servlet container answers itself").
     */
    @ParameterizedTest
    @ValueSource(strings = {COMPANIES + "a\u0001b", COMPANIES + "a\u007fb", COMPANIES + "a\u0000b"})
    void aControlCharacterInThePathResetsTheStream(String target) throws Exception {
        try (RawHttp2 other = RawHttp2.connect(environment().port(), 65_535)) {
            RawHttp2.Response response = send("GET", target, "X-Request-Id: " + REQUEST_ID);

            assertThat(response.resetCode()).as("%s", response).isEqualTo(PROTOCOL_ERROR);
            RawHttp2.Response elsewhere = other.await(other.send("GET", COMPANIES + Fixture.COMPANY_NORDLICHT,
                    "Authorization: Bearer " + keys().main()), ANSWER);
            assertThat(elsewhere.status()).as("another connection's stream: %s", elsewhere).isEqualTo(200);
        }
    }

    /** A refused stream leaves the connection as it was: the next stream on it is served. */
    @Test
    void aRefusedStreamLeavesItsConnectionServing() throws Exception {
        assertContainerAnswer(send("GET", COMPANIES + "a|b", "X-Request-Id: " + REQUEST_ID), 400, "VALIDATION_ERROR");

        RawHttp2.Response next = send("GET", COMPANIES + Fixture.COMPANY_NORDLICHT, "Authorization: Bearer " + keys().main());

        assertThat(next.status()).as("%s", next).isEqualTo(200);
        assertThat(Json.parse(next.body()).get("id").stringValue()).isEqualTo(Fixture.COMPANY_NORDLICHT);
        assertThat(connection.isOpen()).isTrue();
    }

    @Test
    void aMalformedAuthorityIsAValidationError() throws Exception {
        assertContainerAnswer(send("GET", "/health", "Host: user@127.0.0.1", "X-Request-Id: " + REQUEST_ID),
                400, "VALIDATION_ERROR");
    }

    @Test
    void optionsAsteriskIsNotAllowed() throws Exception {
        RawHttp2.Response response = send("OPTIONS", "*", "X-Request-Id: " + REQUEST_ID);

        JsonNode body = assertContainerAnswer(response, 405, "METHOD_NOT_ALLOWED");
        assertThat(Arrays.stream(response.header("Allow").split(",")).map(String::strip)).containsExactly("GET", "HEAD");
        assertThat(body.get("message").stringValue()).startsWith("Method OPTIONS ");
    }

    @Test
    void connectIsNotAllowed() throws Exception {
        RawHttp2.Response response = send("CONNECT", "", "Host: 127.0.0.1:443", "X-Request-Id: " + REQUEST_ID);

        JsonNode body = assertContainerAnswer(response, 405, "METHOD_NOT_ALLOWED");
        assertThat(Arrays.stream(response.header("Allow").split(",")).map(String::strip)).containsExactly("GET", "HEAD");
        assertThat(body.get("message").stringValue()).startsWith("Method CONNECT ");
    }

    /** The same client and request with a well-formed path is served: the refusals above are the path's. */
    @Test
    void aWellFormedPathIsServed() throws Exception {
        RawHttp2.Response response = send("GET", COMPANIES + Fixture.COMPANY_NORDLICHT,
                "Authorization: Bearer " + keys().main(), "X-Request-Id: " + REQUEST_ID);

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(Json.parse(response.body()).get("id").stringValue()).isEqualTo(Fixture.COMPANY_NORDLICHT);
    }

    /**
     * The host rule of every request (docs/SECURITY.md, "The host in page links") holds for
     * HTTP/2's {@code :authority}, which the container takes as the host without a Host header.
     */
    @Test
    void anAuthorityWithPort0IsRefusedNamingTheHost() throws Exception {
        RawHttp2.Response response = send("GET", "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT,
                "Host: 127.0.0.1:0", "Authorization: Bearer " + keys().main(), "X-Request-Id: " + REQUEST_ID);

        JsonNode body = assertContainerAnswer(response, 400, "VALIDATION_ERROR");
        assertThat(body.get("message").stringValue()).startsWith("The Host header must name this server");
    }
}
