package com.prospectdata.features.companies;

import static com.prospectdata.testing.Fixture.SEARCH_BRANCHES;
import static com.prospectdata.testing.Fixture.SEARCH_EMPTY;
import static com.prospectdata.testing.Fixture.SEARCH_MAIN;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Expected;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.DatabaseServer;
import com.prospectdata.webtier.WebTierTest;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** GET /api/v1/companies/: filters, ordering and pagination (docs/api-rules.md §3). */
@Tag(DatabaseServer.TAG)
class CompaniesListWebTest extends WebTierTest {

    private static final String PATH = "/api/v1/companies/";
    private static final String LIST = PATH + "?prospect_search_id=" + SEARCH_MAIN;
    private static final int MAIN_SEARCH_SIZE = 23;

    private JsonNode listOk(Map<String, ?> parameters) throws Exception {
        return ok(withQuery(LIST, parameters));
    }

    private static List<String> ids(JsonNode page) {
        return Json.strings(page.get("items"), "id");
    }

    private static List<String> names(JsonNode page) {
        return Json.strings(page.get("items"), "name");
    }

    private static List<String> expectedIds(Predicate<JsonNode> filter) {
        return Expected.companyIds(fixture(), SEARCH_MAIN, filter);
    }

    private static Predicate<JsonNode> status(String... statuses) {
        Set<String> wanted = Set.of(statuses);
        return company -> wanted.contains(company.get("review_status").stringValue());
    }

    @Test
    void listsEveryCompanyOfTheSearchWithTheDefaultPage() throws Exception {
        JsonNode page = listOk(Map.of());

        assertThat(page.get("total").asLong()).isEqualTo(MAIN_SEARCH_SIZE);
        assertThat(page.get("limit").asInt()).isEqualTo(50);
        assertThat(page.get("offset").asInt()).isEqualTo(0);
        assertThat(page.get("has_more").asBoolean()).isFalse();
        assertThat(ids(page)).containsExactlyElementsOf(expectedIds(company -> true));
    }

    @Test
    void showsEachCompanyExactlyAsImported() throws Exception {
        JsonNode page = listOk(Map.of());
        Instant importedAfter = fixture().now();

        for (JsonNode item : page.get("items")) {
            String id = item.get("id").stringValue();
            ObjectNode expected = Expected.company(fixture(), id);
            ObjectNode actual = (ObjectNode) item.deepCopy();
            // Without created_at/updated_at in the file, the import time is used (docs/api-rules.md §9).
            for (String time : List.of("created_at", "updated_at")) {
                if (!expected.has(time)) {
                    assertThat(Instant.parse(actual.get(time).stringValue()))
                            .as("%s of %s defaults to the import time", time, id)
                            .isBetween(importedAfter.minusSeconds(1), Instant.now());
                    actual.remove(time);
                }
            }
            assertThat(Json.sameValue(actual, expected)).as("company %s:%n  actual   %s%n  expected %s", id, actual, expected)
                    .isTrue();
        }
    }

    @Test
    void ordersByMatchScoreDescendingThenNameThenId() throws Exception {
        JsonNode page = listOk(Map.of("limit", 100));

        List<BigDecimal> scores = new ArrayList<>();
        page.get("items").forEach(item -> scores.add(item.get("match_score").decimalValue()));
        assertThat(scores).isSortedAccordingTo((a, b) -> b.compareTo(a));
        // The ties of the fixture, spelled out.
        List<String> names = names(page);
        assertThat(names.subList(0, 6)).containsExactly("Top Score Industries", "Küstenwind Energie",
                "Nordlicht Logistik GmbH", "Seeblick Media", "Gipfel Software", "Alpha Tie Partners");
        assertThat(names.subList(6, 8)).containsExactly("Beta Tie Partners", "Beta Tie Partners");
        assertThat(ids(page).subList(6, 8)).as("same score and name: id ascending")
                .containsExactly("c0000000-0000-4000-8000-000000000011", "c0000000-0000-4000-8000-000000000019");
        assertThat(names).containsSubsequence("Elbe Digital", "Under_Score Labs");
        assertThat(names).containsSubsequence("Bergwerk Analytics", "MiXeD CaSe Trading");
        assertThat(names.getLast()).isEqualTo("Zero Score Holdings");
        assertThat(ids(page)).containsExactlyElementsOf(expectedIds(company -> true));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "4.4", "7.5", "7.50", "8", "9.95", "10"})
    void minMatchScoreKeepsCompaniesWithAtLeastThatScore(String minimum) throws Exception {
        JsonNode page = listOk(Map.of("min_match_score", minimum));

        List<String> expected = expectedIds(company -> company.get("match_score").decimalValue()
                .compareTo(new BigDecimal(minimum)) >= 0);
        assertThat(ids(page)).containsExactlyElementsOf(expected);
        assertThat(page.get("total").asLong()).isEqualTo(expected.size());
    }

    @Test
    void minMatchScoreIncludesTheBoundary() throws Exception {
        assertThat(names(listOk(Map.of("min_match_score", "7.5")))).contains("100% Organic Foods");
        assertThat(names(listOk(Map.of("min_match_score", "10")))).containsExactly("Top Score Industries");
    }

    @ParameterizedTest
    @ValueSource(strings = {"accepted", "rejected", "pending"})
    void reviewStatusKeepsCompaniesWithThatStatus(String status) throws Exception {
        JsonNode page = listOk(Map.of("review_status", status));

        List<String> expected = expectedIds(status(status));
        assertThat(expected).isNotEmpty();
        assertThat(ids(page)).containsExactlyElementsOf(expected);
        assertThat(page.get("total").asLong()).isEqualTo(expected.size());
    }

    @Test
    void reviewStatusListAsARepeatedParameter() throws Exception {
        JsonNode page = ok(LIST + "&review_status_list=accepted&review_status_list=pending");

        assertThat(ids(page)).containsExactlyElementsOf(expectedIds(status("accepted", "pending")));
    }

    @Test
    void reviewStatusListAsOneCommaSeparatedValue() throws Exception {
        // Accepted by docs/api-rules.md §3, though the document describes only the repeated form:
        // the request validator would flag it, so only the response is validated.
        Answer response = fetchResponseOnly(LIST + "&review_status_list=rejected,pending");

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(ids(response.json())).containsExactlyElementsOf(expectedIds(status("rejected", "pending")));
    }

    @Test
    void reviewStatusListWithEveryStatusKeepsEveryCompany() throws Exception {
        JsonNode page = ok(LIST + "&review_status_list=accepted&review_status_list=rejected&review_status_list=pending");

        assertThat(page.get("total").asLong()).isEqualTo(MAIN_SEARCH_SIZE);
    }

    @Test
    void reviewStatusListWinsOverReviewStatus() throws Exception {
        JsonNode page = ok(LIST + "&review_status=rejected&review_status_list=accepted");

        assertThat(ids(page)).containsExactlyElementsOf(expectedIds(status("accepted")));
    }

    static Stream<Arguments> searches() {
        return Stream.of(
                Arguments.of("nordlicht", List.of("Nordlicht Logistik GmbH")),
                Arguments.of("NORDLICHT", List.of("Nordlicht Logistik GmbH")),
                Arguments.of("nOrDlIcHt lOgIsTiK", List.of("Nordlicht Logistik GmbH")),
                Arguments.of("mixed case", List.of("MiXeD CaSe Trading")),
                // city
                Arguments.of("HAMBURG", List.of("Nordlicht Logistik GmbH", "Hafenkran Service GmbH")),
                // business type (and name)
                Arguments.of("freight FORWARDING", List.of("Nordlicht Logistik GmbH")),
                Arguments.of("software", List.of("Gipfel Software", "Under_Score Labs")),
                // contacts only: name, title, email
                Arguments.of("quasthoff", List.of("Stille Partner KG")),
                Arguments.of("Chief HAPPINESS", List.of("Stille Partner KG")),
                Arguments.of("ZEBRA.MAILBOX@", List.of("Stille Partner KG")),
                Arguments.of("lena.vogt@nordlicht", List.of("Nordlicht Logistik GmbH")),
                Arguments.of("CTO", List.of("Under_Score Labs")),
                // %, _ and \ are literal characters
                Arguments.of("%", List.of("100% Organic Foods")),
                Arguments.of("0% o", List.of("100% Organic Foods")),
                Arguments.of("_", List.of("Under_Score Labs")),
                Arguments.of("r_s", List.of("Under_Score Labs")),
                Arguments.of("\\", List.of("Back\\Slash Systems")),
                Arguments.of("k\\s", List.of("Back\\Slash Systems")),
                Arguments.of("%%", List.of()),
                Arguments.of("__", List.of()),
                Arguments.of("\\\\", List.of()),
                // not searched: country, website, phone, a contact's LinkedIn URL
                Arguments.of("liechtenstein", List.of()),
                Arguments.of("company-05", List.of()),
                Arguments.of("4711", List.of()),
                Arguments.of("pia-huber", List.of()),
                Arguments.of("no such company anywhere", List.of()));
    }

    @ParameterizedTest(name = "search={0}")
    @MethodSource("searches")
    void searchIsACaseInsensitiveSubstringOfNameCityBusinessTypeAndContacts(String search, List<String> expectedNames)
            throws Exception {
        JsonNode page = listOk(Map.of("search", search));

        assertThat(names(page)).containsExactlyInAnyOrderElementsOf(expectedNames);
        assertThat(page.get("total").asLong()).isEqualTo(expectedNames.size());
        assertThat(ids(page)).isSubsetOf(expectedIds(company -> true));
    }

    @Test
    void searchIsCaseInsensitiveBeyondAscii() throws Exception {
        assertThat(names(listOk(Map.of("search", "RÖSTEREI MÜNCHEN")))).containsExactly("Kaffeerösterei München");
    }

    @Test
    void searchIsTrimmed() throws Exception {
        assertThat(names(listOk(Map.of("search", "   Nordlicht Logistik \t ")))).containsExactly("Nordlicht Logistik GmbH");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   "})
    void anEmptySearchIsNoFilter(String search) throws Exception {
        JsonNode page = listOk(Map.of("search", search));

        assertThat(page.get("total").asLong()).isEqualTo(MAIN_SEARCH_SIZE);
    }

    @Test
    void aSearchOfTwoHundredCharactersIsAccepted() throws Exception {
        JsonNode page = listOk(Map.of("search", "n".repeat(200)));

        assertThat(page.get("total").asLong()).isZero();
        assertThat(page.get("items")).isEmpty();
    }

    @Test
    void filtersCombineWithAnd() throws Exception {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("search", "hamburg");
        parameters.put("review_status", "pending");
        assertThat(names(listOk(parameters))).containsExactly("Hafenkran Service GmbH");

        parameters = new LinkedHashMap<>();
        parameters.put("search", "tie partners");
        parameters.put("min_match_score", "8");
        parameters.put("review_status_list", "accepted");
        assertThat(names(listOk(parameters))).containsExactly("Alpha Tie Partners");
    }

    @Test
    void listsOnlyTheCompaniesOfTheRequestedSearch() throws Exception {
        assertThat(names(ok(PATH + "?prospect_search_id=" + SEARCH_BRANCHES))).containsExactly("Nordlicht Zweigstelle");

        JsonNode page = ok(PATH + "?prospect_search_id=" + SEARCH_EMPTY);
        assertThat(page.get("items")).isEmpty();
        assertThat(page.get("total").asLong()).isZero();
        assertThat(page.get("has_more").asBoolean()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 7})
    void aFullPaginationWalkNeitherOverlapsNorSkips(int limit) throws Exception {
        List<String> walked = new ArrayList<>();
        int offset = 0;
        while (true) {
            JsonNode page = listOk(Map.of("limit", limit, "offset", offset));
            int returned = page.get("items").size();
            assertThat(page.get("total").asLong()).as("total at offset %d", offset).isEqualTo(MAIN_SEARCH_SIZE);
            assertThat(page.get("limit").asInt()).isEqualTo(limit);
            assertThat(page.get("offset").asInt()).isEqualTo(offset);
            assertThat(returned).isEqualTo(Math.min(limit, MAIN_SEARCH_SIZE - offset));
            assertThat(page.get("has_more").asBoolean()).as("has_more at offset %d", offset)
                    .isEqualTo(offset + returned < MAIN_SEARCH_SIZE);
            walked.addAll(ids(page));
            if (!page.get("has_more").asBoolean()) {
                break;
            }
            offset += limit;
        }
        assertThat(new HashSet<>(walked)).hasSameSizeAs(walked);
        assertThat(walked).containsExactlyElementsOf(expectedIds(company -> true));
    }

    @Test
    void aFilteredPaginationWalkFollowsTheFilteredTotal() throws Exception {
        List<String> expected = expectedIds(status("accepted", "pending"));
        List<String> walked = new ArrayList<>();
        for (int offset = 0; offset < expected.size(); offset += 4) {
            JsonNode page = ok(LIST + "&review_status_list=accepted&review_status_list=pending&limit=4&offset=" + offset);
            assertThat(page.get("total").asLong()).isEqualTo(expected.size());
            assertThat(page.get("has_more").asBoolean()).isEqualTo(offset + 4 < expected.size());
            walked.addAll(ids(page));
        }
        assertThat(walked).containsExactlyElementsOf(expected);
    }

    @Test
    void hasMoreIsFalseExactlyWhenThePageReachesTheEnd() throws Exception {
        assertThat(listOk(Map.of("limit", 5, "offset", 17)).get("has_more").asBoolean()).isTrue();
        JsonNode last = listOk(Map.of("limit", 5, "offset", 18));
        assertThat(last.get("items")).hasSize(5);
        assertThat(last.get("has_more").asBoolean()).isFalse();
        JsonNode partial = listOk(Map.of("limit", 5, "offset", 20));
        assertThat(partial.get("items")).hasSize(3);
        assertThat(partial.get("has_more").asBoolean()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(ints = {23, 24, 1000, Integer.MAX_VALUE})
    void pastTheEndTheListIsEmptyWithTheFullTotal(int offset) throws Exception {
        JsonNode page = listOk(Map.of("offset", offset, "limit", 100));

        assertThat(page.get("items")).isEmpty();
        assertThat(page.get("total").asLong()).isEqualTo(MAIN_SEARCH_SIZE);
        assertThat(page.get("has_more").asBoolean()).isFalse();
        assertThat(page.get("offset").asInt()).isEqualTo(offset);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 100})
    void acceptsTheLimitBounds(int limit) throws Exception {
        JsonNode page = listOk(Map.of("limit", limit));

        assertThat(page.get("items")).hasSize(Math.min(limit, MAIN_SEARCH_SIZE));
        assertThat(page.get("limit").asInt()).isEqualTo(limit);
    }

    @Test
    void ignoresUnknownQueryParameters() throws Exception {
        // The request validator flags parameters the document does not list; the contract ignores them.
        Answer response = fetchResponseOnly(LIST + "&sort=name&colour=blue");

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(ids(response.json())).containsExactlyElementsOf(expectedIds(company -> true));
    }

    @Test
    void updatedSinceKeepsTheCompaniesUpdatedAtOrAfterItInListOrder() throws Exception {
        List<JsonNode> all = new ArrayList<>();
        listOk(Map.of("limit", 100)).get("items").forEach(all::add);
        Instant nordlichtUpdated = Instant.parse(fixture().company(Fixture.COMPANY_NORDLICHT).get("updated_at").asString());
        Map<String, Instant> cases = new LinkedHashMap<>();
        cases.put("2025-11-18T14:05:12Z", nordlichtUpdated);
        cases.put("2025-11-18T15:05:12+01:00", nordlichtUpdated); // the same instant in another offset
        cases.put("2025-11-18T14:05:13Z", nordlichtUpdated.plusSeconds(1));
        cases.put("2000-01-01T00:00:00Z", Instant.parse("2000-01-01T00:00:00Z"));
        cases.put("2999-01-01T00:00:00Z", Instant.parse("2999-01-01T00:00:00Z"));

        for (Map.Entry<String, Instant> entry : cases.entrySet()) {
            String since = entry.getKey();
            List<String> expected = all.stream()
                    .filter(company -> !Instant.parse(company.get("updated_at").asString()).isBefore(entry.getValue()))
                    .map(company -> company.get("id").asString())
                    .toList();
            JsonNode page = listOk(Map.of("updated_since", since, "limit", 100));
            assertThat(ids(page)).as("updated_since=%s", since).containsExactlyElementsOf(expected);
            assertThat(page.get("total").asLong()).isEqualTo(expected.size());
        }
        assertThat(listOk(Map.of("updated_since", "2025-11-18T14:05:12Z", "limit", 100)).get("items"))
                .as("Nordlicht, updated at exactly that second, is included").anyMatch(company ->
                        company.get("id").asString().equals(Fixture.COMPANY_NORDLICHT));
    }

    @Test
    void updatedSinceCombinesWithTheOtherFiltersAndPages() throws Exception {
        List<String> expected = new ArrayList<>();
        listOk(Map.of("limit", 100, "review_status", "accepted")).get("items").forEach(company -> {
            if (!Instant.parse(company.get("updated_at").asString()).isBefore(Instant.parse("2025-11-18T14:05:12Z"))) {
                expected.add(company.get("id").asString());
            }
        });
        List<String> paged = new ArrayList<>();
        for (int offset = 0; offset < expected.size() + 3; offset += 3) {
            Map<String, Object> parameters = new LinkedHashMap<>();
            parameters.put("updated_since", "2025-11-18T14:05:12Z");
            parameters.put("review_status", "accepted");
            parameters.put("limit", 3);
            parameters.put("offset", offset);
            JsonNode page = listOk(parameters);
            assertThat(page.get("total").asLong()).isEqualTo(expected.size());
            paged.addAll(ids(page));
        }
        assertThat(paged).isEqualTo(expected);
    }
}
