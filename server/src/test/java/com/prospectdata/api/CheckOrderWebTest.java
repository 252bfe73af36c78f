package com.prospectdata.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.WebTierTest;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * When a request has several faults, the first check in the contract's order answers
 * (docs/api-rules.md §2): authentication (401), then scope (403), then parameters (400), then
 * existence and ownership (404, 403). Rate limiting (429, between 401 and 403) is in the jar
 * tier's RateLimitJarTest, and in RequestPipelineWebTest, since it needs keys whose budget can be
 * spent.
 */
class CheckOrderWebTest extends WebTierTest {

    private static final String UNKNOWN = UUID.randomUUID().toString();

    enum Caller {
        NO_KEY, BAD_KEY, REVOKED_KEY, NO_SCOPE, MAIN
    }

    private MockHttpServletRequestBuilder request(Caller caller, String path) {
        MockHttpServletRequestBuilder request = request(HttpMethod.GET, path);
        return switch (caller) {
            case NO_KEY -> request;
            case BAD_KEY -> request.header("Authorization", "Bearer cpd_test_nonsense");
            case REVOKED_KEY -> request.header("Authorization", "Bearer " + keys().revoked());
            case NO_SCOPE -> request.header("Authorization", "Bearer " + keys().noScope());
            case MAIN -> request.header("Authorization", "Bearer " + keys().main());
        };
    }

    static Stream<Arguments> faults() {
        String company = "/api/v1/companies/";
        String list = "/api/v1/companies/?prospect_search_id=";
        return Stream.of(
                // 401 beats 400, 404 and 403 (ownership)
                Arguments.of(Caller.NO_KEY, list + Fixture.SEARCH_MAIN + "&limit=0", 401, "UNAUTHORIZED"),
                Arguments.of(Caller.NO_KEY, "/api/v1/companies/", 401, "UNAUTHORIZED"),
                Arguments.of(Caller.NO_KEY, company + "not-a-uuid/jobs", 401, "UNAUTHORIZED"),
                Arguments.of(Caller.BAD_KEY, company + UNKNOWN, 401, "UNAUTHORIZED"),
                Arguments.of(Caller.REVOKED_KEY, company + Fixture.COMPANY_OTHER_ORG + "/jobs?days_back=0", 401, "UNAUTHORIZED"),
                Arguments.of(Caller.NO_KEY, list + Fixture.SEARCH_OTHER_ORG, 401, "UNAUTHORIZED"),
                // 403 (scope) beats 400, 404 and 403 (ownership, same status, but the scope's message)
                Arguments.of(Caller.NO_SCOPE, list + Fixture.SEARCH_MAIN + "&limit=0", 403, "FORBIDDEN"),
                Arguments.of(Caller.NO_SCOPE, "/api/v1/companies/", 403, "FORBIDDEN"),
                Arguments.of(Caller.NO_SCOPE, company + "not-a-uuid", 403, "FORBIDDEN"),
                Arguments.of(Caller.NO_SCOPE, company + UNKNOWN + "/webtech-intel", 403, "FORBIDDEN"),
                Arguments.of(Caller.NO_SCOPE, list + UUID.randomUUID(), 403, "FORBIDDEN"),
                Arguments.of(Caller.NO_SCOPE, company + Fixture.COMPANY_OTHER_ORG, 403, "FORBIDDEN"),
                // 400 beats 404 and 403 (ownership)
                Arguments.of(Caller.MAIN, list + UNKNOWN + "&limit=0", 400, "VALIDATION_ERROR"),
                Arguments.of(Caller.MAIN, list + Fixture.SEARCH_OTHER_ORG + "&review_status=approved", 400, "VALIDATION_ERROR"),
                Arguments.of(Caller.MAIN, company + UNKNOWN + "/jobs?days_back=0", 400, "VALIDATION_ERROR"),
                Arguments.of(Caller.MAIN, company + UNKNOWN + "/webtech-intel?min_confidence=101", 400, "VALIDATION_ERROR"),
                Arguments.of(Caller.MAIN, company + Fixture.COMPANY_OTHER_ORG + "/jobs?limit=201", 400, "VALIDATION_ERROR"),
                Arguments.of(Caller.MAIN, company + Fixture.COMPANY_OTHER_ORG + "/webtech-intel?offset=-1", 400, "VALIDATION_ERROR"));
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @MethodSource("faults")
    void theFirstFailedCheckAnswers(Caller caller, String path, int status, String code) throws Exception {
        Answer response = send(request(caller, path));

        assertThat(response.status()).as("%s", response).isEqualTo(status);
        assertThat(response.json().get("error").stringValue()).isEqualTo(code);
        if (caller == Caller.NO_SCOPE) {
            assertThat(response.json().get("message").stringValue()).isEqualTo("Insufficient scopes. Required: companies:read");
        }
    }
}
