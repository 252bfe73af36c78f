package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenAuthorization;
import static com.prospectdata.contract.support.Api.givenInvalid;
import static com.prospectdata.contract.support.Api.givenInvalidKey;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.Fixture;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * When a request has several faults, the first check in the contract's order answers
 * (docs/api-rules.md §2): authentication (401), then scope (403), then parameters (400), then
 * existence and ownership (404, 403). Rate limiting (429, between 401 and 403) is in RateLimitTest,
 * since it needs keys whose budget can be spent.
 */
class CheckOrderTest extends ContractTest {

    private static final String UNKNOWN = UUID.randomUUID().toString();

    enum Caller {
        NO_KEY(() -> givenAuthorization(null)),
        BAD_KEY(() -> givenAuthorization("Bearer cpd_test_nonsense")),
        REVOKED_KEY(() -> givenInvalidKey(keys().revoked())),
        NO_SCOPE(() -> givenInvalidKey(keys().noScope())),
        MAIN(() -> givenInvalid());

        private final Supplier<RequestSpecification> request;

        Caller(Supplier<RequestSpecification> request) {
            this.request = request;
        }
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
    void theFirstFailedCheckAnswers(Caller caller, String path, int status, String code) {
        Response response = caller.request.get().get(path);

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(status);
        assertThat(json(response).get("error").stringValue()).isEqualTo(code);
        if (caller == Caller.NO_SCOPE) {
            assertThat(json(response).get("message").stringValue()).isEqualTo("Insufficient scopes. Required: companies:read");
        }
    }
}
