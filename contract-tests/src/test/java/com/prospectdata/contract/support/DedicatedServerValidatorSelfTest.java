package com.prospectdata.contract.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleResponse;
import com.atlassian.oai.validator.report.ValidationReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checks the checker of {@link DedicatedServer}, without a server: its validators resolve
 * {@code allOf} before validating, so that a 429 body (RateLimitErrorResponse, an allOf of
 * ErrorResponse and retry_after) can pass at all; they must still find a 429 body, or any other
 * body, that breaks the document.
 */
class DedicatedServerValidatorSelfTest {

    private static final String PATH = "/api/v1/companies/3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42";

    private static ValidationReport validate429(String body) {
        return DedicatedServer.strictValidator().validateResponse(PATH, Request.Method.GET,
                SimpleResponse.Builder.status(429)
                        .withContentType("application/json")
                        .withHeader("X-Request-Id", "self-test")
                        .withHeader("Retry-After", "36")
                        .withBody(body)
                        .build());
    }

    @Test
    void aRateLimitErrorThatFollowsTheDocumentIsNoError() {
        ValidationReport report = validate429(
                "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"Rate limit exceeded. Retry after 36 seconds.\", \"retry_after\": 36}");

        assertThat(report.hasErrors()).as("%s", report.getMessages()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"m\"}",
            "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"m\", \"retry_after\": 0}",
            "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"m\", \"retry_after\": \"36\"}",
            "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"retry_after\": 36}",
            "{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"m\", \"retry_after\": 36, \"extra\": true}",
    })
    void aRateLimitErrorThatBreaksTheDocumentIsAnError(String body) {
        ValidationReport report = validate429(body);

        assertThat(report.hasErrors()).as("%s: %s", body, report.getMessages()).isTrue();
    }

    @Test
    void aRateLimitErrorWithoutRetryAfterHeaderIsAnError() {
        ValidationReport report = DedicatedServer.strictValidator().validateResponse(PATH, Request.Method.GET,
                SimpleResponse.Builder.status(429).withContentType("application/json").withHeader("X-Request-Id", "self-test")
                        .withBody("{\"error\": \"RATE_LIMIT_EXCEEDED\", \"message\": \"m\", \"retry_after\": 36}").build());

        assertThat(report.hasErrors()).as("%s", report.getMessages()).isTrue();
    }

    @Test
    void aBrokenCompanyIsStillAnError() {
        ValidationReport report = DedicatedServer.strictValidator().validateResponse(PATH, Request.Method.GET,
                SimpleResponse.Builder.status(200).withContentType("application/json")
                        .withHeader("X-Request-Id", "self-test")
                        .withHeader("X-RateLimit-Limit", "1000")
                        .withHeader("X-RateLimit-Remaining", "999")
                        .withHeader("X-RateLimit-Reset", "1795261530")
                        .withHeader("RateLimit-Policy", "\"hourly\";q=1000;w=3600")
                        .withHeader("RateLimit", "\"hourly\";r=999;t=4")
                        .withBody("{\"id\": \"3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42\", \"name\": null}")
                        .build());

        assertThat(report.hasErrors()).as("%s", report.getMessages()).isTrue();
    }
}
