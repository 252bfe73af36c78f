package com.prospectdata.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.WebTierTest;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * 400 VALIDATION_ERROR for every kind of invalid parameter, with a message that names the
 * parameter and, for a range, its bounds. The requests are otherwise valid and authorized with
 * the main key, on our own resources. Each parameter is read exactly as the document's schema
 * says (its "Parameters" section): the classes of input a lenient reading would have taken,
 * sometimes with another meaning, or failed on with a 500, are kept below as requests sent
 * byte for byte. A query only the servlet container parses as clients expect is the jar
 * tier's (ValidationJarTest).
 */
class ValidationWebTest extends WebTierTest {

    private static final String LIST = "/api/v1/companies/";
    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final String JOBS = COMPANY + "/jobs";
    private static final String WEBTECH = COMPANY + "/webtech-intel";

    /** A request: path, query parameters as name/value pairs, the parameter at fault, words the message must hold. */
    record Case(String path, List<String> query, String parameter, List<String> ruleWords) {

        /** The path and its query, each name and value percent-encoded as an HTTP client does. */
        String uri() {
            List<String> pairs = new ArrayList<>();
            for (int i = 0; i < query.size(); i += 2) {
                pairs.add(encode(query.get(i)) + "=" + encode(query.get(i + 1)));
            }
            return pairs.isEmpty() ? path : path + "?" + String.join("&", pairs);
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
                listCase("offset", none, "offset", "1.5"),
                listCase("offset", none, "offset", "first"),
                listCase("offset", none, "offset", "2147483648"),
                listCase("min_match_score", List.of("0", "10"), "min_match_score", "-0.1"),
                listCase("min_match_score", List.of("0", "10"), "min_match_score", "10.01"),
                listCase("min_match_score", List.of("0", "10"), "min_match_score", "10.5"),
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
                pathCase(WEBTECH, "min_confidence", none, "min_confidence", "high"),
                pathCase(WEBTECH, "limit", List.of("1", "200"), "limit", "0"),
                pathCase(WEBTECH, "limit", List.of("1", "200"), "limit", "201"),
                pathCase(WEBTECH, "offset", none, "offset", "-1"),
                pathCase(WEBTECH, "offset", none, "offset", "none"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidParameters")
    void anInvalidParameterIsAValidationErrorNamingIt(Case invalid) throws Exception {
        Answer response = fetch(invalid.uri());

        assertThat(response.status()).as("%s", response).isEqualTo(400);
        JsonNode body = response.json();
        assertThat(body.get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
        assertThat(body.get("message").stringValue()).as("the message names the parameter").contains(invalid.parameter());
        for (String word : invalid.ruleWords()) {
            assertThat(body.get("message").stringValue()).as("the message states the rule").contains(word);
        }
    }

    /** A request exactly as sent (already percent-encoded) and the parameter its message must name. */
    static Stream<Arguments> refusedAsSent() {
        String list = LIST + "?prospect_search_id=" + Fixture.SEARCH_MAIN;
        return Stream.of(
                // U+0000 in any text: PostgreSQL's text cannot hold it.
                Arguments.of(list + "&search=a%00b", "search"),
                Arguments.of(list + "&search=%00", "search"),
                Arguments.of(JOBS + "?platform=%00", "platform"),
                Arguments.of(WEBTECH + "?category=a%00", "category"),
                // Empty elements of a list.
                Arguments.of(list + "&review_status_list=accepted,", "review_status_list"),
                Arguments.of(list + "&review_status_list=,", "review_status_list"),
                Arguments.of(list + "&review_status_list=accepted,,pending", "review_status_list"),
                Arguments.of(list + "&review_status_list=accepted&review_status_list=", "review_status_list"),
                Arguments.of(list + "&review_status_list=accepted,pending,rejected,accepted", "review_status_list"),
                // Times outside RFC 3339 (a four-digit year) and PostgreSQL's range.
                Arguments.of(list + "&updated_since=-4713-01-01T00:00:00Z", "updated_since"),
                Arguments.of(list + "&updated_since=%2B294277-01-01T00:00:00Z", "updated_since"),
                Arguments.of(list + "&updated_since=%2B10000-01-01T00:00:00Z", "updated_since"),
                Arguments.of(list + "&updated_since=-0001-01-01T00:00:00Z", "updated_since"),
                Arguments.of(list + "&updated_since=2026-11-21T10:15:30.1234567891Z", "updated_since"),
                Arguments.of(list + "&updated_since=2026-02-29T00:00:00Z", "updated_since"),
                // Whitespace inside a number is not deleted.
                Arguments.of(list + "&limit=5%200", "limit"),
                Arguments.of(list + "&offset=5%200", "offset"),
                Arguments.of(list + "&min_match_score=9%20.9", "min_match_score"),
                // Other notations.
                Arguments.of(list + "&limit=0x10", "limit"),
                Arguments.of(list + "&limit=%2B5", "limit"),
                Arguments.of(list + "&limit=%D9%A5", "limit"),
                Arguments.of(list + "&limit=%EF%BC%95", "limit"),
                Arguments.of(list + "&limit=1e1", "limit"),
                Arguments.of(list + "&min_match_score=0x1p3", "min_match_score"),
                Arguments.of(list + "&min_match_score=7.5d", "min_match_score"),
                Arguments.of(list + "&min_match_score=.5", "min_match_score"),
                Arguments.of(list + "&min_match_score=5.", "min_match_score"),
                Arguments.of(list + "&min_match_score=Infinity", "min_match_score"),
                Arguments.of(list + "&min_match_score=1e400", "min_match_score"),
                // Empty and blank values are not absent values.
                Arguments.of(list + "&limit=", "limit"),
                // "&limit" without "=" is the jar tier's (ValidationJarTest): the servlet container
                // reads it as an empty value, MockMvc as none.
                Arguments.of(list + "&limit=%20", "limit"),
                Arguments.of(list + "&min_match_score=%20", "min_match_score"),
                Arguments.of(JOBS + "?days_back=", "days_back"),
                Arguments.of(list + "&updated_since=%20", "updated_since"),
                Arguments.of(list + "&review_status=%20", "review_status"),
                Arguments.of(list + "&review_status=%00", "review_status"),
                // Enumerations as written.
                Arguments.of(list + "&review_status=ACCEPTED", "review_status"),
                Arguments.of(list + "&review_status=Accepted", "review_status"),
                Arguments.of(list + "&review_status_list=PENDING", "review_status_list"),
                // UUIDs in their 8-4-4-4-12 form, whole.
                Arguments.of("/api/v1/companies/1-2-3-4-5", "company_id"),
                Arguments.of("/api/v1/companies/%20" + Fixture.COMPANY_NORDLICHT + "%20", "company_id"),
                Arguments.of("/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + ";x=1/jobs", "company_id"),
                Arguments.of("/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + ";x=1", "company_id"),
                Arguments.of(LIST + "?prospect_search_id=" + Fixture.SEARCH_MAIN + "%00", "prospect_search_id"),
                Arguments.of(LIST + "?prospect_search_id=%20" + Fixture.SEARCH_MAIN, "prospect_search_id"),
                // A single-valued parameter given twice, whatever the values.
                Arguments.of(list + "&limit=1&limit=x", "limit"),
                Arguments.of(list + "&limit=1&limit=1", "limit"),
                Arguments.of(list + "&prospect_search_id=" + Fixture.SEARCH_EMPTY, "prospect_search_id"),
                Arguments.of(JOBS + "?platform=linkedin&platform=indeed", "platform"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedAsSent")
    void aValueTheSchemaDoesNotAllowIsAValidationErrorNamingItsParameter(String pathAndQuery, String parameter)
            throws Exception {
        Answer response = fetch(pathAndQuery);

        assertThat(response.status()).as("%s", response).isEqualTo(400);
        JsonNode body = response.json();
        assertThat(body.get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
        assertThat(body.get("message").stringValue()).as("the message names the parameter").startsWith(parameter + " ");
    }

    /** The same classes, each in a form the schema allows: read, and answered. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "&search=%20Nordlicht%20", "&search=", "&review_status_list=accepted,pending", "&review_status_list=accepted&review_status_list=pending",
            "&updated_since=0000-01-01T00:00:00Z", "&updated_since=9999-12-31T23:59:59-23:59", "&updated_since=2026-11-21t10:15:30.123456789z",
            "&updated_since=2016-12-31T23:59:60Z", "&limit=0010", "&offset=-0", "&min_match_score=-0", "&min_match_score=75e-1",
            "&min_match_score=0.0000000000000000000000000001", "&review_status=accepted"})
    void theSameClassesInAllowedFormsAreServed(String parameters) throws Exception {
        // Responses only: the validator reads neither a comma-separated list nor every form RFC 3339 allows.
        Answer response = fetchResponseOnly(LIST + "?prospect_search_id=" + Fixture.SEARCH_MAIN.toUpperCase() + parameters);

        assertThat(response.status()).as("%s", response).isEqualTo(200);
    }
}
