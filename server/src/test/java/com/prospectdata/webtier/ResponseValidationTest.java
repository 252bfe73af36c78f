package com.prospectdata.webtier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockServletContext;

/**
 * {@link DocumentValidation} is not vacuous: the shared MockMvc runs it, and it refuses a
 * response the document does not allow. The responses are made up here, since the server's own
 * are meant to pass.
 */
class ResponseValidationTest extends WebTierTest {

    private static final MockHttpServletRequest HEALTH = get("/health").secure(true)
            .buildRequest(new MockServletContext());

    @Test
    void theSharedMockMvcValidatesTheDocumentsPaths() throws Exception {
        int before = DocumentValidation.validated();

        mvc.perform(get("/health").secure(true)).andExpect(status().isOk());

        assertThat(DocumentValidation.validated()).isEqualTo(before + 1);
    }

    @Test
    void aResponseWithoutARequiredFieldIsRefused() throws IOException {
        MockHttpServletResponse complete = json(200, "{\"service\":\"Company Prospect Data API\",\"status\":\"healthy\"}");
        MockHttpServletResponse withoutStatus = json(200, "{\"service\":\"Company Prospect Data API\"}");

        assertThatCode(() -> DocumentValidation.validate(HEALTH, complete)).doesNotThrowAnyException();
        assertThatThrownBy(() -> DocumentValidation.validate(HEALTH, withoutStatus))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("GET /health answered 200")
                .hasMessageContaining("missing required properties ([\"status\"])");
    }

    @Test
    void aStatusTheOperationDoesNotDeclareIsRefused() throws IOException {
        MockHttpServletResponse teapot = json(418, "{\"error\":\"NOT_FOUND\",\"message\":\"I'm a teapot.\"}");

        assertThatThrownBy(() -> DocumentValidation.validate(HEALTH, teapot))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Response status 418 not defined for path '/health'");
    }

    private static MockHttpServletResponse json(int status, String body) throws IOException {
        MockHttpServletResponse response = new MockHttpServletResponse();
        response.setStatus(status);
        response.setContentType("application/json");
        response.setHeader("X-Request-Id", "self-test");
        response.setHeader("ETag", "\"self-test\"");
        response.setHeader("Cache-Control", "private, no-cache");
        response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
        return response;
    }
}
