package com.prospectdata.testing;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.assertj.core.api.SoftAssertions;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What docs/api-rules.md says of every response, checked by both tiers on every response,
 * whatever the test itself looks at, and whether or not the response matches an operation of
 * the OpenAPI document (unknown routes and 405s have none). The web tier applies it to every
 * MockMvc result (its webtier/ContractInvariants), the jar tier to every REST Assured response
 * (its support/ContractInvariants).
 * <ul>
 * <li>the body is JSON and the Content-Type is {@code application/json} (§1), or
 * {@code application/x-ndjson} for an export's 200, each line ended by a line feed; except for a
 * {@code 304 Not Modified}, which has neither body nor Content-Type;</li>
 * <li>{@code X-Request-Id} is present and a sane token (§1);</li>
 * <li>no value anywhere is {@code null}: absent optional values are omitted (§1);</li>
 * <li>timestamps are {@code YYYY-MM-DDTHH:MM:SSZ} (§1);</li>
 * <li>an error has the body {@code {"error", "message"}} with the code of its status, a 401
 * carries {@code WWW-Authenticate: Bearer}, a 405 an {@code Allow} header and a 429
 * {@code Retry-After} equal to its {@code retry_after} (§2). The health endpoint's 503 is its
 * report, not an error.</li>
 * </ul>
 * The served contract's answers ({@code /openapi.yaml}, {@code /openapi.json}, {@code /docs}) are
 * YAML, HTML and scripts, held to their own tests; their errors are held to these rules too. A
 * HEAD has no body to read: its X-Request-Id is checked.
 */
public final class ContractInvariants {

    private static final Pattern REQUEST_ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");
    private static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
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

    private ContractInvariants() {
    }

    /** Throws an AssertionError naming every rule the exchange's response breaks. */
    public static void check(Exchange exchange) {
        int status = exchange.status();
        if (status < 400 && servedContract(exchange.rawPath())) {
            return;
        }
        String what = exchange.describe();
        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(exchange.header("X-Request-Id")).as("%s: X-Request-Id", what).isNotNull().matches(REQUEST_ID);
        if (exchange.method().equalsIgnoreCase("HEAD")) {
            softly.assertAll();
            return;
        }
        byte[] body = exchange.body();
        String contentType = exchange.header("Content-Type");
        if (status == 304) {
            // Not Modified: the one answer without a body, so it has no Content-Type either.
            softly.assertThat(body).as("%s: body", what).isEmpty();
            softly.assertThat(contentType).as("%s: Content-Type", what).isNull();
            softly.assertAll();
            return;
        }
        softly.assertThat(contentType).as("%s: Content-Type", what).isNotNull();
        @Nullable String mediaType = contentType == null ? null : contentType.split(";")[0].strip();
        if (mediaType != null) {
            softly.assertThat(mediaType).as("%s: Content-Type", what).isIn("application/json", Json.NDJSON);
        }
        boolean lines = status == 200 && Json.NDJSON.equalsIgnoreCase(mediaType);
        for (JsonNode json : documents(softly, what, body, lines)) {
            Json.walk(json, (pointer, node) -> {
                softly.assertThat(node.isNull()).as("%s: %s is null, but absent values must be omitted; body %s",
                        what, pointer, json).isFalse();
                String field = pointer.substring(pointer.lastIndexOf('/') + 1);
                if (TIMESTAMP_FIELDS.contains(field)) {
                    softly.assertThat(node.isString() ? node.stringValue() : node.toString())
                            .as("%s: %s", what, pointer).matches(TIMESTAMP);
                }
            });
            boolean healthReport = exchange.rawPath().equals("/health") && status == 503;
            if (status >= 400 && !healthReport) {
                checkError(softly, what, exchange, json);
            }
        }
        softly.assertAll();
    }

    private static boolean servedContract(String path) {
        return path.equals("/openapi.yaml") || path.equals("/openapi.json") || path.equals("/docs") || path.startsWith("/docs/");
    }

    private static void checkError(SoftAssertions softly, String what, Exchange exchange, JsonNode body) {
        int status = exchange.status();
        softly.assertThat(body.isObject()).as("%s: the error body is an object: %s", what, body).isTrue();
        softly.assertThat(body.path("error").isString()).as("%s: error is a string: %s", what, body).isTrue();
        softly.assertThat(body.path("message").isString()).as("%s: message is a string: %s", what, body).isTrue();
        softly.assertThat(body.path("message").asString("")).as("%s: message", what).isNotBlank();
        Set<String> codes = ERROR_CODES.get(status);
        if (codes != null) {
            softly.assertThat(body.path("error").asString("")).as("%s: error code", what).isIn(codes);
        }
        if (status == 401) {
            softly.assertThat(exchange.header("WWW-Authenticate")).as("%s: WWW-Authenticate", what).isEqualTo("Bearer");
        }
        if (status == 405) {
            softly.assertThat(exchange.header("Allow")).as("%s: Allow", what).isNotBlank();
        }
        if (status == 429) {
            softly.assertThat(body.path("retry_after").isIntegralNumber()).as("%s: retry_after", what).isTrue();
            softly.assertThat(exchange.header("Retry-After")).as("%s: Retry-After", what)
                    .isEqualTo(body.path("retry_after").asString(""));
        }
    }

    /** An export's lines (NDJSON), each ended by a line feed, or the one JSON body of any other answer. */
    private static List<JsonNode> documents(SoftAssertions softly, String what, byte[] body, boolean lines) {
        if (lines) {
            softly.assertThat(body.length == 0 || body[body.length - 1] == '\n').as("%s: every line ends with a line feed", what).isTrue();
        }
        return Json.documents(body, lines, (document, problem) -> softly.fail("%s: the body is not JSON: %s%n%s", what, problem, document));
    }
}
