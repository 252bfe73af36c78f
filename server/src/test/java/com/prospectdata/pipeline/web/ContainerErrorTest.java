package com.prospectdata.pipeline.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.generated.model.ErrorResponse;
import com.prospectdata.testing.Json;
import jakarta.servlet.RequestDispatcher;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.coyote.CloseNowException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import tools.jackson.databind.JsonNode;

/**
 * The contract's answer to each status the servlet container sets by itself
 * (ApiExceptionHandler.containerError): the status, the code, and what else the contract asks
 * (Allow on a 405, no-store on every error). The jar tier's MalformedRequestJarTest and
 * RoutingJarTest send the requests that make the container set them.
 */
class ContainerErrorTest {

    private static ResponseEntity<ErrorResponse> answer(int status, String method, String protocol) {
        MockHttpServletRequest request = new MockHttpServletRequest(method, "/health");
        request.setProtocol(protocol);
        ResponseEntity<ErrorResponse> answer = ApiExceptionHandler.containerError(status, request);
        assertThat(answer.getHeaders().getCacheControl()).isEqualTo("no-store");
        assertThat(answer.getBody()).isNotNull();
        assertThat(answer.getBody().getMessage()).isNotBlank();
        return answer;
    }

    @ParameterizedTest(name = "{0} for {1} {2}: {3} {4}")
    @CsvSource({
            "501, CONNECT, HTTP/1.1, 405, METHOD_NOT_ALLOWED",
            "405, TRACE,   HTTP/1.1, 405, METHOD_NOT_ALLOWED",
            "501, GET,     HTTP/1.1, 400, VALIDATION_ERROR",
            "417, GET,     HTTP/1.1, 400, VALIDATION_ERROR",
            "400, GET,     HTTP/1.1, 400, VALIDATION_ERROR",
            "404, GET,     HTTP/1.1, 404, NOT_FOUND",
            "413, GET,     HTTP/1.1, 400, VALIDATION_ERROR",
            "500, GET,     HTTP/1.1, 500, INTERNAL_ERROR",
            "503, GET,     HTTP/1.1, 503, SERVICE_UNAVAILABLE",
            "505, GET,     HTTP/2.0, 400, VALIDATION_ERROR",
            "505, GET,     HTTP/3.0, 400, VALIDATION_ERROR",
            "505, GET,     HTTP/0.9, 400, VALIDATION_ERROR",
            "505, GET,     HTTP/1.10, 400, VALIDATION_ERROR",
            "505, GET,     HTTP/11.1, 400, VALIDATION_ERROR",
            "505, GET,     HTTP/1., 400, VALIDATION_ERROR"})
    void eachContainerStatusGetsTheContractsStatusAndCode(int container, String method, String protocol, int status, String code) {
        ResponseEntity<ErrorResponse> answer = answer(container, method, protocol);

        assertThat(answer.getStatusCode().value()).isEqualTo(status);
        assertThat(answer.getBody().getError()).isEqualTo(code);
    }

    /** CONNECT is refused like TRACE or POST: named in the message, with the API's methods in Allow. */
    @ParameterizedTest
    @ValueSource(strings = {"CONNECT", "TRACE", "OPTIONS"})
    void aRefusedMethodIsNamedWithTheApisMethodsInAllow(String method) {
        ResponseEntity<ErrorResponse> answer = answer("CONNECT".equals(method) ? 501 : 405, method, "HTTP/1.1");

        assertThat(answer.getHeaders().getFirst("Allow")).isEqualTo("GET,HEAD");
        assertThat(answer.getBody().getMessage()).isEqualTo("Method " + method + " is not allowed here; allowed: GET, HEAD");
    }

    @ParameterizedTest
    @CsvSource({"501, Transfer-Encoding", "417, Expect", "505, HTTP/2.0"})
    void theMessageNamesWhatTheServerDoesNotRead(int status, String named) {
        assertThat(answer(status, "GET", "HTTP/2.0").getBody().getMessage()).contains(named);
    }

    /** Written by Tomcat as it is, before any request is read: a whole HTTP/1.1 answer, the contract's 403. */
    @Test
    void plainHttpOnTheTlsPortIsAnsweredHttpsRequiredInFull() {
        String answer = new String(ApiExceptionHandler.plainHttpOnTheTlsPort(), StandardCharsets.UTF_8);
        String[] headAndBody = answer.split("\r\n\r\n", 2);
        List<String> head = List.of(headAndBody[0].split("\r\n"));

        assertThat(head.getFirst()).isEqualTo("HTTP/1.1 403 ");
        assertThat(head).contains("Content-Type: application/json", "Cache-Control: no-store",
                "X-Content-Type-Options: nosniff", "Connection: close",
                "Content-Length: " + headAndBody[1].getBytes(StandardCharsets.UTF_8).length);
        JsonNode body = Json.parse(headAndBody[1]);
        assertThat(body.get("error").stringValue()).isEqualTo("HTTPS_REQUIRED");
        assertThat(body.get("message").stringValue()).contains("HTTPS only");
    }

    /**
     * A stream cut after its headers (web/RequestIdFilter) reaches the error page the container
     * includes in its committed response: nothing is added and nothing thrown, so the container
     * closes the exchange without logging a failure of the error page.
     */
    @Test
    void anAnswerAlreadyOnItsWayGetsNoErrorPage() throws Throwable {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/error");
        request.setAttribute(RequestDispatcher.ERROR_EXCEPTION,
                new CloseNowException("A streamed answer failed after its headers were sent"));
        MockHttpServletResponse response = new MockHttpServletResponse();
        response.setCommitted(true);

        assertThat(new ErrorPageController().error(request, response)).isNull();
        assertThat(response.getContentAsByteArray()).isEmpty();
    }
}
