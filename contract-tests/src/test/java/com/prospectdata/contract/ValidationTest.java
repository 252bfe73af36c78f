package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenInvalid;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.Fixture;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * 400 VALIDATION_ERROR for every kind of invalid parameter (decisions.md section 2), with a
 * message that names the parameter and, for a range, its bounds. The requests are otherwise
 * valid and authorized with the main key, on our own resources.
 */
class ValidationTest extends ContractTest {

    private static final String LIST = "/api/v1/companies/";
    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final String JOBS = COMPANY + "/jobs";
    private static final String WEBTECH = COMPANY + "/webtech-intel";

    /** A request: path, query parameters as name/value pairs, the parameter at fault, words the message must hold. */
    record Case(String path, List<String> query, String parameter, List<String> ruleWords) {

        Response send() {
            RequestSpecification request = givenInvalid();
            for (int i = 0; i < query.size(); i += 2) {
                request = request.queryParam(query.get(i), query.get(i + 1));
            }
            return request.get(path);
        }

        @Override
        public String toString() {
            return path.replace(Fixture.COMPANY_NORDLICHT, "{id}") + " " + abbreviated(query);
        }
    }

    private static String abbreviated(List<String> query) {
        String text = String.join(" ", query);
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }

    private static Arguments listCase(String parameter, List<String> ruleWords, String... query) {
        List<String> withSearch = Stream.concat(Stream.of("prospect_search_id", Fixture.SEARCH_MAIN), Stream.of(query)).toList();
        return Arguments.of(new Case(LIST, withSearch, parameter, ruleWords));
    }

    private static Arguments pathCase(String path, String parameter, List<String> ruleWords, String... query) {
        return Arguments.of(new Case(path, List.of(query), parameter, ruleWords));
    }

    static Stream<Arguments> invalidParameters() {
        String badId = "not-a-uuid";
        List<String> none = List.of();
        return Stream.of(
                // GET /api/v1/companies/
                Arguments.of(new Case(LIST, List.of(), "prospect_search_id", none)),
                Arguments.of(new Case(LIST, List.of("limit", "10"), "prospect_search_id", none)),
                Arguments.of(new Case(LIST, List.of("prospect_search_id", badId), "prospect_search_id", none)),
                Arguments.of(new Case(LIST, List.of("prospect_search_id", Fixture.SEARCH_MAIN + "0"), "prospect_search_id", none)),
                Arguments.of(new Case(LIST, List.of("prospect_search_id", ""), "prospect_search_id", none)),
                listCase("limit", List.of("1", "100"), "limit", "0"),
                listCase("limit", List.of("1", "100"), "limit", "101"),
                listCase("limit", List.of("1", "100"), "limit", "-1"),
                listCase("limit", none, "limit", "ten"),
                listCase("limit", none, "limit", "1.5"),
                listCase("limit", none, "limit", "2147483648"),
                listCase("offset", none, "offset", "-1"),
                listCase("offset", none, "offset", "first"),
                listCase("offset", none, "offset", "2147483648"),
                listCase("min_match_score", List.of("0", "10"), "min_match_score", "-0.1"),
                listCase("min_match_score", List.of("0", "10"), "min_match_score", "10.01"),
                listCase("min_match_score", none, "min_match_score", "high"),
                listCase("min_match_score", none, "min_match_score", "NaN"),
                listCase("min_match_score", none, "min_match_score", "7,5"),
                listCase("review_status", none, "review_status", "approved"),
                listCase("review_status_list", none, "review_status_list", "approved"),
                listCase("review_status_list", none, "review_status_list", "accepted", "review_status_list", "approved"),
                listCase("review_status_list", none, "review_status_list", "accepted,approved"),
                listCase("search", List.of("200"), "search", "s".repeat(201)),
                listCase("search", List.of("200"), "search", "Nordlicht " + "x".repeat(191)),
                listCase("updated_since", List.of("date-time"), "updated_since", "yesterday"),
                listCase("updated_since", List.of("date-time"), "updated_since", "2026-11-21"),
                listCase("updated_since", List.of("date-time"), "updated_since", "2026-13-01T00:00:00Z"),
                // An unencoded + arrives as a space.
                listCase("updated_since", List.of("date-time"), "updated_since", "2026-11-21T10:15:30 01:00"),
                // GET /api/v1/companies/{company_id} and its sub-resources: a malformed id in the path
                pathCase("/api/v1/companies/" + badId, "company_id", none),
                pathCase("/api/v1/companies/12345", "company_id", none),
                pathCase("/api/v1/companies/" + Fixture.COMPANY_NORDLICHT.replace('-', '_'), "company_id", none),
                pathCase("/api/v1/companies/" + badId + "/jobs", "company_id", none),
                pathCase("/api/v1/companies/" + badId + "/jobs/summary", "company_id", none),
                pathCase("/api/v1/companies/" + badId + "/webtech-intel", "company_id", none),
                pathCase("/api/v1/companies/" + badId + "/webtech-intel/summary", "company_id", none),
                // GET .../jobs
                pathCase(JOBS, "days_back", List.of("1", "365"), "days_back", "0"),
                pathCase(JOBS, "days_back", List.of("1", "365"), "days_back", "366"),
                pathCase(JOBS, "days_back", none, "days_back", "week"),
                pathCase(JOBS, "limit", List.of("1", "200"), "limit", "0"),
                pathCase(JOBS, "limit", List.of("1", "200"), "limit", "201"),
                pathCase(JOBS, "offset", none, "offset", "-5"),
                pathCase(JOBS, "offset", none, "offset", "x"),
                // GET .../webtech-intel
                pathCase(WEBTECH, "min_confidence", List.of("0", "100"), "min_confidence", "-1"),
                pathCase(WEBTECH, "min_confidence", List.of("0", "100"), "min_confidence", "101"),
                pathCase(WEBTECH, "min_confidence", none, "min_confidence", "90.5"),
                pathCase(WEBTECH, "limit", List.of("1", "200"), "limit", "0"),
                pathCase(WEBTECH, "limit", List.of("1", "200"), "limit", "201"),
                pathCase(WEBTECH, "offset", none, "offset", "-1"),
                pathCase(WEBTECH, "offset", none, "offset", "none"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidParameters")
    void anInvalidParameterIsAValidationErrorNamingIt(Case invalid) {
        Response response = invalid.send();

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(400);
        JsonNode body = json(response);
        assertThat(body.get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
        assertThat(body.get("message").stringValue()).as("the message names the parameter").contains(invalid.parameter());
        for (String word : invalid.ruleWords()) {
            assertThat(body.get("message").stringValue()).as("the message states the rule").contains(word);
        }
    }
}
