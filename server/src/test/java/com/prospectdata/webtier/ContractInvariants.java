package com.prospectdata.webtier;

import com.prospectdata.testing.Json;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.springframework.http.HttpMethod;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.ResultMatcher;
import tools.jackson.databind.JsonNode;

/**
 * What docs/api-rules.md says of every response, checked on every response of the web tier,
 * whatever the test itself looks at, and whether or not the response matches an operation of
 * the OpenAPI document (unknown routes and 405s have none); contract-tests' ContractInvariants
 * checks the same on every response of the jar. {@link ValidationConfiguration} adds it to every
 * MockMvc, after {@link DocumentValidation}.
 * <ul>
 * <li>the body is JSON and the Content-Type is {@code application/json} (§1), except for a
 * {@code 304 Not Modified}, which has neither body nor Content-Type;</li>
 * <li>{@code X-Request-Id} is present and a sane token (§1);</li>
 * <li>no value anywhere is {@code null}: absent optional values are omitted (§1);</li>
 * <li>timestamps are {@code YYYY-MM-DDTHH:MM:SSZ} (§1);</li>
 * <li>an error has the body {@code {"error", "message"}} with the code of its status, a 401
 * carries {@code WWW-Authenticate: Bearer}, a 405 an {@code Allow} header and a 429
 * {@code Retry-After} equal to its {@code retry_after} (§2).</li>
 * </ul>
 * The served contract's answers ({@code /openapi.yaml}, {@code /openapi.json}, {@code /docs}) are
 * YAML, HTML and scripts, held to their own tests; their errors are held to these rules too. A
 * HEAD has no body to read: its X-Request-Id is checked.
 */
public final class ContractInvariants implements ResultMatcher {

    static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");
    static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
    private static final Set<String> TIMESTAMP_FIELDS = Set.of("created_at", "updated_at", "date_posted");

    /** The error code of each status (docs/api-rules.md §2). 403 has two. */
    private static final Map<Integer, Set<String>> ERROR_CODES = Map.of(
            400, Set.of("VALIDATION_ERROR"),
            401, Set.of("UNAUTHORIZED"),
            403, Set.of("FORBIDDEN", "HTTPS_REQUIRED"),
            404, Set.of("NOT_FOUND"),
            405, Set.of("METHOD_NOT_ALLOWED"),
            429, Set.of("RATE_LIMIT_EXCEEDED"),
            500, Set.of("INTERNAL_ERROR"),
            503, Set.of("SERVICE_UNAVAILABLE"));

    @Override
    public void match(MvcResult result) {
        // A stream's exchange is checked when its asynchronous dispatch has completed it.
        if (!result.getRequest().isAsyncStarted()) {
            check(result.getRequest(), result.getResponse());
        }
    }

    static void check(MockHttpServletRequest request, MockHttpServletResponse response) {
        String path = request.getRequestURI();
        int status = response.getStatus();
        if (status < 400 && servedContract(path)) {
            return;
        }
        String what = request.getMethod() + " " + path + (request.getQueryString() == null ? "" : "?" + request.getQueryString())
                + " -> " + status;
        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(response.getHeader("X-Request-Id")).as("%s: X-Request-Id", what).isNotNull().matches(REQUEST_ID);
        if (HttpMethod.HEAD.matches(request.getMethod())) {
            softly.assertAll();
            return;
        }
        byte[] body = Answer.decoded(response);
        if (status == 304) {
            // Not Modified: the one answer without a body, so it has no Content-Type either.
            softly.assertThat(body).as("%s: body", what).isEmpty();
            softly.assertThat(response.getContentType()).as("%s: Content-Type", what).isNull();
            softly.assertAll();
            return;
        }
        String contentType = response.getContentType();
        softly.assertThat(contentType).as("%s: Content-Type", what).isNotNull();
        boolean lines = status == 200 && contentType != null && contentType.split(";")[0].strip().equalsIgnoreCase(Json.NDJSON);
        if (contentType != null) {
            softly.assertThat(contentType.split(";")[0].strip()).as("%s: Content-Type", what)
                    .isIn("application/json", Json.NDJSON);
        }
        for (JsonNode json : documents(softly, what, body, lines)) {
            JsonNode root = json;
            Json.walk(json, (pointer, node) -> {
                softly.assertThat(node.isNull()).as("%s: %s is null, but absent values must be omitted; body %s",
                        what, pointer, root).isFalse();
                String field = pointer.substring(pointer.lastIndexOf('/') + 1);
                if (TIMESTAMP_FIELDS.contains(field)) {
                    softly.assertThat(node.isString() ? node.stringValue() : node.toString())
                            .as("%s: %s", what, pointer).matches(TIMESTAMP);
                }
            });
            boolean healthStatus = path.equals("/health") && status == 503;
            if (status >= 400 && !healthStatus) {
                checkError(softly, what, response, json);
            }
        }
        softly.assertAll();
    }

    private static boolean servedContract(String path) {
        return path.equals("/openapi.yaml") || path.equals("/openapi.json") || path.equals("/docs") || path.startsWith("/docs/");
    }

    private static void checkError(SoftAssertions softly, String what, MockHttpServletResponse response, JsonNode body) {
        int status = response.getStatus();
        softly.assertThat(body.isObject()).as("%s: the error body is an object: %s", what, body).isTrue();
        softly.assertThat(body.path("error").isString()).as("%s: error is a string: %s", what, body).isTrue();
        softly.assertThat(body.path("message").isString()).as("%s: message is a string: %s", what, body).isTrue();
        softly.assertThat(body.path("message").asString("")).as("%s: message", what).isNotBlank();
        Set<String> codes = ERROR_CODES.get(status);
        if (codes != null) {
            softly.assertThat(body.path("error").asString("")).as("%s: error code", what).isIn(codes);
        }
        if (status == 401) {
            softly.assertThat(response.getHeader("WWW-Authenticate")).as("%s: WWW-Authenticate", what).isEqualTo("Bearer");
        }
        if (status == 405) {
            softly.assertThat(response.getHeader("Allow")).as("%s: Allow", what).isNotBlank();
        }
        if (status == 429) {
            softly.assertThat(body.path("retry_after").isIntegralNumber()).as("%s: retry_after", what).isTrue();
            softly.assertThat(response.getHeader("Retry-After")).as("%s: Retry-After", what)
                    .isEqualTo(body.path("retry_after").asString(""));
        }
    }

    /** An export's lines (NDJSON), each ended by a line feed, or the one JSON body of any other answer. */
    private static java.util.List<JsonNode> documents(SoftAssertions softly, String what, byte[] body, boolean lines) {
        if (lines) {
            softly.assertThat(body.length == 0 || body[body.length - 1] == '\n').as("%s: every line ends with a line feed", what).isTrue();
        }
        return Json.documents(body, lines, (document, problem) -> softly.fail("%s: the body is not JSON: %s%n%s", what, problem, document));
    }
}
