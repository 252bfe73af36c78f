package com.prospectdata.contract.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checks the checker, without a server: the validator behind every request of the contract
 * tests does find a response that breaks api/openapi.yaml, at the paths the server answers on
 * (the document's server URL has a host that is not ours). If it found nothing here, every
 * "validated" response of the other tests would prove nothing.
 */
class ValidatorSelfTest {

    private static final String COMPANY = """
            {"id": "3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42", "prospect_search_id": "5b0d7f1e-3a2c-4d8e-9f61-2c7a4b9e0d13",
             "name": "N", "city": "C", "country": "D", "business_type": "B", "website": "https://w.example",
             "match_score": 9.2, "review_status": "accepted", %s "contacts": [%s],
             "created_at": "2026-10-02T08:30:00Z", "updated_at": "2026-11-18T14:05:12Z"}
            """;

    private static ValidationReport validate(String path, int status, String body) {
        return Api.strictValidator().validateResponse(path, Request.Method.GET, response(status, body));
    }

    /** A JSON response with the headers the document declares for the companies' 200s. */
    private static SimpleResponse response(int status, String body) {
        return SimpleResponse.Builder.status(status)
                .withContentType("application/json")
                .withHeader("X-Request-Id", "self-test")
                .withHeader("X-RateLimit-Limit", "1000")
                .withHeader("X-RateLimit-Remaining", "999")
                .withHeader("X-RateLimit-Reset", "1795261530")
                .withHeader("RateLimit-Policy", "\"hourly\";q=1000;w=3600")
                .withHeader("RateLimit", "\"hourly\";r=999;t=4")
                .withHeader("ETag", "\"0f5c3a9e\"")
                .withHeader("Cache-Control", "private, no-cache")
                .withBody(body)
                .build();
    }

    private static final String VALID = COMPANY.formatted("\"phone\": \"+49 40 1\",",
            "{\"id\": \"0c6a7e52-1b3d-4f8e-a9c4-7d2e5f6b8a91\", \"name\": \"L\"}");

    /** Pairs: a piece of the valid body, and what it is replaced with. */
    static Stream<Arguments> brokenCompanies() {
        return Stream.of(
                Arguments.of("\"phone\": \"+49 40 1\"", "\"phone\": null"),
                Arguments.of("\"name\": \"L\"", "\"name\": null"),
                Arguments.of(", \"name\": \"L\"", ""),
                Arguments.of("\"review_status\": \"accepted\"", "\"review_status\": \"maybe\""),
                Arguments.of("\"match_score\": 9.2", "\"match_score\": 11"),
                Arguments.of("\"match_score\": 9.2", "\"match_score\": \"9.2\""),
                Arguments.of("\"created_at\": \"2026-10-02T08:30:00Z\"", "\"created_at\": \"yesterday\""),
                Arguments.of("\"city\": \"C\", ", ""));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("brokenCompanies")
    void aResponseThatBreaksTheDocumentIsAnError(String valid, String broken) {
        assertThat(VALID).contains(valid);
        String body = VALID.replace(valid, broken);

        ValidationReport report = validate("/api/v1/companies/3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42", 200, body);

        assertThat(errorKeys(report)).as("report for %s: %s", body, report.getMessages())
                .isNotEmpty().allMatch(key -> key.startsWith("validation.response.body"));
    }

    private static java.util.List<String> errorKeys(ValidationReport report) {
        return report.getMessages().stream()
                .filter(message -> message.getLevel() == ValidationReport.Level.ERROR)
                .map(ValidationReport.Message::getKey)
                .toList();
    }

    @Test
    void aResponseWithoutTheDeclaredHeadersIsAnError() {
        ValidationReport report = Api.strictValidator().validateResponse("/api/v1/companies/3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42",
                Request.Method.GET, SimpleResponse.Builder.status(200).withContentType("application/json").withBody(VALID).build());

        assertThat(report.hasErrors()).isTrue();
        assertThat(report.getMessages()).extracting(ValidationReport.Message::getMessage)
                .anySatisfy(message -> assertThat(message).contains("X-Request-Id"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "\"phone\": \"+49 40 1\","})
    void aResponseThatFollowsTheDocumentIsNoError(String phone) {
        String body = COMPANY.formatted(phone, "{\"id\": \"0c6a7e52-1b3d-4f8e-a9c4-7d2e5f6b8a91\", \"name\": \"L\"}");

        ValidationReport report = validate("/api/v1/companies/3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42", 200, body);

        assertThat(report.hasErrors()).as("%s", report.getMessages()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"error\": \"NOT_FOUND\"}",
            "{\"error\": 404, \"message\": \"x\"}",
            "[]",
    })
    void anErrorBodyThatIsNotAnErrorResponseIsAnError(String body) {
        ValidationReport report = validate("/api/v1/companies/3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42", 404, body);

        assertThat(errorKeys(report)).as("%s", report.getMessages())
                .isNotEmpty().allMatch(key -> key.startsWith("validation.response.body"));
    }

    /** A 429 as the document declares it: headers of TooManyRequests, body RateLimitErrorResponse (an allOf). */
    private static ValidationReport validateTooManyRequests(String body) {
        return Api.strictValidator().validateResponse("/api/v1/companies/3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42",
                Request.Method.GET, SimpleResponse.Builder.status(429)
                        .withContentType("application/json")
                        .withHeader("X-Request-Id", "self-test")
                        .withHeader("Retry-After", "36")
                        .withBody(body)
                        .build());
    }

    @Test
    void aRateLimitErrorResponseIsNoError() {
        ValidationReport report = validateTooManyRequests(
                "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"Rate limit exceeded. Retry after 36 seconds.\", \"retry_after\": 36}");

        assertThat(report.hasErrors()).as("%s", report.getMessages()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"m\"}",
            "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"retry_after\": 36}",
            "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"m\", \"retry_after\": 0}",
            "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"m\", \"retry_after\": \"36\"}",
            "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"m\", \"retry_after\": 36, \"trace\": \"x\"}",
    })
    void aBrokenRateLimitErrorResponseIsAnError(String body) {
        assertThat(errorKeys(validateTooManyRequests(body))).as("%s", body)
                .isNotEmpty().allMatch(key -> key.startsWith("validation.response.body"));
    }

    @Test
    void aRateLimitErrorWithoutItsRetryAfterHeaderIsAnError() {
        ValidationReport report = Api.strictValidator().validateResponse("/api/v1/companies/3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42",
                Request.Method.GET, SimpleResponse.Builder.status(429).withContentType("application/json")
                        .withHeader("X-Request-Id", "self-test")
                        .withBody("{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"m\", \"retry_after\": 36}").build());

        assertThat(report.hasErrors()).as("%s", report.getMessages()).isTrue();
    }

    @Test
    void anErrorResponseWithAnUndeclaredPropertyIsAnError() {
        ValidationReport report = validate("/api/v1/companies/3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42", 500,
                "{\"error\": \"INTERNAL_ERROR\", \"message\": \"m\", \"trace\": \"at com.example.Foo\"}");

        assertThat(errorKeys(report)).as("%s", report.getMessages())
                .isNotEmpty().allMatch(key -> key.startsWith("validation.response.body"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/html", "text/plain"})
    void aResponseThatIsNotJsonIsAnError(String contentType) {
        ValidationReport report = Api.strictValidator().validateResponse("/health", Request.Method.GET,
                SimpleResponse.Builder.status(200).withContentType(contentType).withHeader("X-Request-Id", "self-test")
                        .withHeader("ETag", "\"0f5c3a9e\"").withHeader("Cache-Control", "private, no-cache")
                        .withBody("{\"service\": \"Company Prospect Data API\", \"status\": \"healthy\"}").build());

        assertThat(errorKeys(report)).as("%s", report.getMessages()).containsExactly("validation.response.contentType.notAllowed");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/api/v1/companies/?prospect_search_id=x", "/api/v1/nothing"})
    void requestsAreMatchedFromTheRoot(String path) {
        String[] parts = path.split("\\?");
        SimpleRequest.Builder request = SimpleRequest.Builder.get(parts[0]).withAuthorization("Bearer x");
        if (parts.length > 1) {
            request.withQueryParam("prospect_search_id", "5b0d7f1e-3a2c-4d8e-9f61-2c7a4b9e0d13");
        }
        ValidationReport report = Api.strictValidator().validateRequest(request.build());

        if (path.contains("nothing")) {
            assertThat(report.getMessages()).extracting(ValidationReport.Message::getKey).contains("validation.request.path.missing");
        } else {
            assertThat(report.hasErrors()).as("%s", report.getMessages()).isFalse();
        }
    }

    @Test
    void theResponsesOnlyValidatorIgnoresABadRequestButNotABadResponse() {
        SimpleRequest badRequest = SimpleRequest.Builder.get("/api/v1/companies/")
                .withQueryParam("limit", "zero")
                .build();
        SimpleResponse badResponse = response(400, "{\"error\": \"VALIDATION_ERROR\"}");
        SimpleResponse goodResponse = response(400, "{\"error\": \"VALIDATION_ERROR\", \"message\": \"limit must be an integer\"}");

        assertThat(Api.strictValidator().validateRequest(badRequest).hasErrors()).isTrue();
        assertThat(Api.responsesOnlyValidator().validate(badRequest, goodResponse).hasErrors()).isFalse();
        assertThat(Api.responsesOnlyValidator().validate(badRequest, badResponse).hasErrors()).isTrue();
    }
}
