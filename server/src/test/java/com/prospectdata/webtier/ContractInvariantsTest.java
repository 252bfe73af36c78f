package com.prospectdata.webtier;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.head;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockServletContext;

/**
 * {@link ContractInvariants} is not vacuous: it refuses responses that break what
 * docs/api-rules.md says of every response. The responses are made up here, since the server's
 * own are meant to pass.
 */
class ContractInvariantsTest {

    private static final MockHttpServletRequest COMPANY = get("/api/v1/companies/x").secure(true)
            .buildRequest(new MockServletContext());

    @Test
    void aCompleteErrorPasses() throws IOException {
        MockHttpServletResponse response = json(404, "{\"error\":\"NOT_FOUND\",\"message\":\"Company with ID x not found\"}");

        assertThatCode(() -> ContractInvariants.check(COMPANY, response)).doesNotThrowAnyException();
    }

    @Test
    void aNullValueIsRefused() throws IOException {
        MockHttpServletResponse response = json(200, "{\"id\":\"x\",\"phone\":null}");

        assertThatThrownBy(() -> ContractInvariants.check(COMPANY, response))
                .hasMessageContaining("/phone is null, but absent values must be omitted");
    }

    @Test
    void aTimestampWithFractionsIsRefused() throws IOException {
        MockHttpServletResponse response = json(200, "{\"id\":\"x\",\"created_at\":\"2026-01-01T00:00:00.123Z\"}");

        assertThatThrownBy(() -> ContractInvariants.check(COMPANY, response)).hasMessageContaining("/created_at");
    }

    @Test
    void a401WithoutTheBearerChallengeIsRefused() throws IOException {
        MockHttpServletResponse response = json(401, "{\"error\":\"UNAUTHORIZED\",\"message\":\"No key.\"}");

        assertThatThrownBy(() -> ContractInvariants.check(COMPANY, response)).hasMessageContaining("WWW-Authenticate");
    }

    @Test
    void anErrorWithTheCodeOfAnotherStatusIsRefused() throws IOException {
        MockHttpServletResponse response = json(400, "{\"error\":\"NOT_FOUND\",\"message\":\"Bad.\"}");

        assertThatThrownBy(() -> ContractInvariants.check(COMPANY, response)).hasMessageContaining("error code");
    }

    @Test
    void aResponseWithoutARequestIdOrJsonIsRefused() throws IOException {
        MockHttpServletResponse response = new MockHttpServletResponse();
        response.setStatus(500);
        response.setContentType("text/html");
        response.getOutputStream().write("<h1>Error</h1>".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> ContractInvariants.check(COMPANY, response))
                .hasMessageContaining("X-Request-Id")
                .hasMessageContaining("Content-Type")
                .hasMessageContaining("the body is not JSON");
    }

    @Test
    void aHeadIsHeldToItsRequestIdOnly() {
        MockHttpServletRequest headRequest = head("/api/v1/companies/x").secure(true).buildRequest(new MockServletContext());
        MockHttpServletResponse withId = new MockHttpServletResponse();
        withId.setHeader("X-Request-Id", "self-test");

        assertThatCode(() -> ContractInvariants.check(headRequest, withId)).doesNotThrowAnyException();
        assertThatThrownBy(() -> ContractInvariants.check(headRequest, new MockHttpServletResponse()))
                .hasMessageContaining("X-Request-Id");
    }

    private static MockHttpServletResponse json(int status, String body) throws IOException {
        MockHttpServletResponse response = new MockHttpServletResponse();
        response.setStatus(status);
        response.setContentType("application/json");
        response.setHeader("X-Request-Id", "self-test");
        response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
        return response;
    }
}
