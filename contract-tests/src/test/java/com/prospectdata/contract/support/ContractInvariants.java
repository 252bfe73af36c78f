package com.prospectdata.contract.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Json;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import tools.jackson.databind.JsonNode;

/**
 * What docs/api-rules.md says of every response, checked on every response of every test, whatever
 * the test itself looks at, and whether or not the response matches an operation of the
 * OpenAPI document (unknown routes and 405s have none):
 * <ul>
 * <li>the body is JSON and the Content-Type is {@code application/json} (§1), except for a
 * {@code 304 Not Modified}, which has neither body nor Content-Type;</li>
 * <li>{@code X-Request-Id} is present and a sane token (§1);</li>
 * <li>no value anywhere is {@code null}: absent optional values are omitted (§1);</li>
 * <li>timestamps are {@code YYYY-MM-DDTHH:MM:SSZ} (§1);</li>
 * <li>an error has the body {@code {"error", "message"}} with the code of its status, a 401
 * carries {@code WWW-Authenticate: Bearer} and a 405 an {@code Allow} header (§2).</li>
 * </ul>
 */
final class ContractInvariants implements Filter {

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
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification responseSpec,
                           FilterContext context) {
        Response response = context.next(request, responseSpec);
        String what = request.getMethod() + " " + request.getURI() + " -> " + response.statusCode();
        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(response.header("X-Request-Id")).as("%s: X-Request-Id", what)
                .isNotNull().matches(REQUEST_ID);
        if (response.statusCode() == 304) {
            // Not Modified: the one answer without a body, so it has no Content-Type either.
            softly.assertThat(response.asByteArray()).as("%s: body", what).isEmpty();
            softly.assertThat(response.header("Content-Type")).as("%s: Content-Type", what).isNull();
            softly.assertAll();
            return response;
        }

        softly.assertThat(response.contentType()).as("%s: Content-Type", what).isNotNull();
        boolean lines = response.statusCode() == 200 && response.contentType() != null
                && response.contentType().split(";")[0].strip().equalsIgnoreCase(Json.NDJSON);
        if (response.contentType() != null) {
            softly.assertThat(response.contentType().split(";")[0].strip())
                    .as("%s: Content-Type", what).isIn("application/json", Json.NDJSON);
        }

        for (JsonNode body : documents(softly, what, response.asByteArray(), lines)) {
            JsonNode root = body;
            Json.walk(body, (pointer, node) -> {
                softly.assertThat(node.isNull()).as("%s: %s is null, but absent values must be omitted; body %s",
                        what, pointer, root).isFalse();
                String field = pointer.substring(pointer.lastIndexOf('/') + 1);
                if (TIMESTAMP_FIELDS.contains(field)) {
                    softly.assertThat(node.isString() ? node.stringValue() : node.toString())
                            .as("%s: %s", what, pointer).matches(TIMESTAMP);
                }
            });
            String path = URI.create(request.getURI()).getPath();
            boolean healthStatus = path.equals("/health") && response.statusCode() == 503;
            if (response.statusCode() >= 400 && !healthStatus) {
                checkError(softly, what, response, body);
            }
        }
        softly.assertAll();
        return response;
    }

    private static void checkError(SoftAssertions softly, String what, Response response, JsonNode body) {
        softly.assertThat(body.isObject()).as("%s: the error body is an object: %s", what, body).isTrue();
        softly.assertThat(body.path("error").isString()).as("%s: error is a string: %s", what, body).isTrue();
        softly.assertThat(body.path("message").isString()).as("%s: message is a string: %s", what, body).isTrue();
        softly.assertThat(body.path("message").asString("")).as("%s: message", what).isNotBlank();
        Set<String> codes = ERROR_CODES.get(response.statusCode());
        if (codes != null) {
            softly.assertThat(body.path("error").asString("")).as("%s: error code", what).isIn(codes);
        }
        if (response.statusCode() == 401) {
            softly.assertThat(response.header("WWW-Authenticate")).as("%s: WWW-Authenticate", what).isEqualTo("Bearer");
        }
        if (response.statusCode() == 405) {
            softly.assertThat(response.header("Allow")).as("%s: Allow", what).isNotBlank();
        }
        if (response.statusCode() == 429) {
            softly.assertThat(body.path("retry_after").isIntegralNumber()).as("%s: retry_after", what).isTrue();
            softly.assertThat(response.header("Retry-After")).as("%s: Retry-After", what)
                    .isEqualTo(body.path("retry_after").asString(""));
        }
    }

    static void assertRequestId(String value) {
        assertThat(value).matches(REQUEST_ID);
    }

    /** An export's lines (NDJSON), each ended by a line feed, or the one JSON body of any other answer. */
    private static java.util.List<JsonNode> documents(SoftAssertions softly, String what, byte[] body, boolean lines) {
        if (lines) {
            softly.assertThat(body.length == 0 || body[body.length - 1] == '\n').as("%s: every line ends with a line feed", what).isTrue();
        }
        return Json.documents(body, lines, (document, problem) -> softly.fail("%s: the body is not JSON: %s%n%s", what, problem, document));
    }
}
