package com.prospectdata.webtier;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.head;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockServletContext;

/**
 * The web tier hands MockMvc's responses whole to the invariants both tiers share (testing's
 * ContractInvariantsTest shows those refuse what breaks docs/api-rules.md): the request's method
 * and path, the status, the headers, the body as a client reads it.
 */
class ContractInvariantsTest {

    private static final MockHttpServletRequest COMPANY = get("/api/v1/companies/x").secure(true)
            .buildRequest(new MockServletContext());
    private static final String NOT_FOUND = "{\"error\":\"NOT_FOUND\",\"message\":\"Company with ID x not found\"}";

    @Test
    void aCompleteErrorPassesAndTheCodeOfAnotherStatusIsRefused() throws IOException {
        assertThatCode(() -> check(COMPANY, json(404, NOT_FOUND.getBytes(StandardCharsets.UTF_8))))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> check(COMPANY, json(400, NOT_FOUND.getBytes(StandardCharsets.UTF_8))))
                .hasMessageContaining("GET /api/v1/companies/x -> 400: error code");
    }

    @Test
    void a401WithoutTheBearerChallengeIsRefused() throws IOException {
        MockHttpServletResponse response = json(401, "{\"error\":\"UNAUTHORIZED\",\"message\":\"No key.\"}".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> check(COMPANY, response)).hasMessageContaining("WWW-Authenticate");
        response.setHeader("WWW-Authenticate", "Bearer");
        assertThatCode(() -> check(COMPANY, response)).doesNotThrowAnyException();
    }

    @Test
    void aGzipEncodedBodyIsCheckedAsTheClientReadsIt() throws IOException {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(zipped)) {
            gzip.write("{\"id\":\"x\",\"phone\":null}".getBytes(StandardCharsets.UTF_8));
        }
        MockHttpServletResponse response = json(200, zipped.toByteArray());
        response.setHeader("Content-Encoding", "gzip");

        assertThatThrownBy(() -> check(COMPANY, response)).hasMessageContaining("/phone is null");
    }

    @Test
    void aNotModifiedWithAContentTypeIsRefused() throws IOException {
        MockHttpServletResponse response = json(304, new byte[0]);

        assertThatThrownBy(() -> check(COMPANY, response)).hasMessageContaining("Content-Type");
    }

    @Test
    void aHeadIsHeldToItsRequestIdOnly() {
        MockHttpServletRequest headRequest = head("/api/v1/companies/x").secure(true).buildRequest(new MockServletContext());
        MockHttpServletResponse withId = new MockHttpServletResponse();
        withId.setHeader("X-Request-Id", "self-test");

        assertThatCode(() -> check(headRequest, withId)).doesNotThrowAnyException();
        assertThatThrownBy(() -> check(headRequest, new MockHttpServletResponse())).hasMessageContaining("X-Request-Id");
    }

    private static void check(MockHttpServletRequest request, MockHttpServletResponse response) {
        com.prospectdata.testing.ContractInvariants.check(WebExchange.of(request, response));
    }

    private static MockHttpServletResponse json(int status, byte[] body) throws IOException {
        MockHttpServletResponse response = new MockHttpServletResponse();
        response.setStatus(status);
        response.setContentType("application/json");
        response.setHeader("X-Request-Id", "self-test");
        response.getOutputStream().write(body);
        return response;
    }
}
