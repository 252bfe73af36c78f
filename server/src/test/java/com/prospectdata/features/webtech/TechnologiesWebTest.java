package com.prospectdata.features.webtech;

import static com.prospectdata.testing.Fixture.COMPANY_NORDLICHT;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Expected;
import com.prospectdata.testing.Json;
import com.prospectdata.webtier.DatabaseServer;
import com.prospectdata.webtier.WebTierTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** GET /api/v1/companies/{company_id}/webtech-intel (docs/api-rules.md §3 and §5). */
@Tag(DatabaseServer.TAG)
class TechnologiesWebTest extends WebTierTest {

    private static final int NORDLICHT_TECHNOLOGIES = 12;

    private JsonNode technologies(String companyId, Map<String, ?> parameters) throws Exception {
        return ok(withQuery("/api/v1/companies/" + companyId + "/webtech-intel", parameters));
    }

    /** Nordlicht's technologies passing the filters, in the list's order. */
    private static List<String> expectedNames(String category, int minConfidence) {
        return StreamSupport.stream(fixture().scanOf(COMPANY_NORDLICHT).get("technologies").spliterator(), false)
                .filter(technology -> category == null || technology.get("category").stringValue()
                        .equals(category.toLowerCase(Locale.ROOT)))
                .filter(technology -> technology.get("confidence").asInt() >= minConfidence)
                .sorted(Expected.TECHNOLOGY_ORDER)
                .map(technology -> technology.get("name").stringValue())
                .toList();
    }

    @Test
    void listsEveryTechnologyOfACompletedScanByDefault() throws Exception {
        JsonNode page = technologies(COMPANY_NORDLICHT, Map.of());

        assertThat(page.get("status").stringValue()).isEqualTo("completed");
        assertThat(page.get("scan_successful").asBoolean()).isTrue();
        assertThat(page.get("total").asLong()).isEqualTo(NORDLICHT_TECHNOLOGIES);
        assertThat(page.get("limit").asInt()).isEqualTo(100);
        assertThat(page.get("offset").asInt()).isEqualTo(0);
        assertThat(page.get("has_more").asBoolean()).isFalse();
        assertThat(Json.strings(page.get("technologies"), "name")).containsExactlyElementsOf(expectedNames(null, 0));
    }

    @Test
    void showsEachTechnologyExactlyAsImportedWithoutAnAbsentVersion() throws Exception {
        JsonNode page = technologies(COMPANY_NORDLICHT, Map.of());

        for (JsonNode technology : page.get("technologies")) {
            JsonNode expected = StreamSupport.stream(fixture().scanOf(COMPANY_NORDLICHT).get("technologies").spliterator(), false)
                    .filter(candidate -> candidate.get("name").equals(technology.get("name")))
                    .findFirst().orElseThrow();
            assertThat(Json.sameValue(technology, expected)).as("%n  actual   %s%n  expected %s", technology, expected).isTrue();
        }
        JsonNode angular = StreamSupport.stream(page.get("technologies").spliterator(), false)
                .filter(technology -> technology.get("name").stringValue().equals("Angular")).findFirst().orElseThrow();
        assertThat(angular.propertyNames()).containsExactlyInAnyOrder("name", "category", "confidence");
    }

    @Test
    void ordersByConfidenceDescendingThenName() throws Exception {
        JsonNode page = technologies(COMPANY_NORDLICHT, Map.of());

        assertThat(Json.strings(page.get("technologies"), "name")).containsExactly(
                "Cloudflare", "React", "Google Analytics", "Angular", "Nginx", "Vue.js", "WordPress", "PHP",
                "Hotjar", "Bootstrap", "jQuery", "Modernizr");
    }

    @ParameterizedTest(name = "category={0} min_confidence={1}: {2}")
    @CsvSource(nullValues = "-", value = {
            "javascript_framework, -,  3",
            "JavaScript_Framework, -,  3",
            "ANALYTICS,            -,  2",
            "cdn,                  -,  1",
            "no_such_category,     -,  0",
            "-,                    0,  12",
            "-,                    40, 11",
            "-,                    41, 9",
            "-,                    90, 6",
            "-,                    100, 1",
            "javascript_framework, 91, 1",
            "javascript_library,   1,  1",
    })
    void categoryAndMinConfidenceFilter(String category, Integer minConfidence, int total) throws Exception {
        Map<String, Object> parameters = new LinkedHashMap<>();
        if (category != null) {
            parameters.put("category", category);
        }
        if (minConfidence != null) {
            parameters.put("min_confidence", minConfidence);
        }
        JsonNode page = technologies(COMPANY_NORDLICHT, parameters);

        List<String> expected = expectedNames(category, minConfidence == null ? 0 : minConfidence);
        assertThat(expected).hasSize(total);
        assertThat(page.get("total").asLong()).as("total counts after the filters").isEqualTo(total);
        assertThat(Json.strings(page.get("technologies"), "name")).containsExactlyElementsOf(expected);
        assertThat(page.get("status").stringValue()).isEqualTo("completed");
        assertThat(page.get("scan_successful").asBoolean()).isTrue();
    }

    @Test
    void aFullPaginationWalkNeitherOverlapsNorSkips() throws Exception {
        List<String> walked = new ArrayList<>();
        for (int offset = 0; ; offset += 5) {
            JsonNode page = technologies(COMPANY_NORDLICHT, Map.of("limit", 5, "offset", offset));
            int returned = page.get("technologies").size();
            assertThat(page.get("total").asLong()).isEqualTo(NORDLICHT_TECHNOLOGIES);
            assertThat(page.get("limit").asInt()).isEqualTo(5);
            assertThat(page.get("offset").asInt()).isEqualTo(offset);
            assertThat(page.get("has_more").asBoolean()).isEqualTo(offset + returned < NORDLICHT_TECHNOLOGIES);
            walked.addAll(Json.strings(page.get("technologies"), "name"));
            if (!page.get("has_more").asBoolean()) {
                break;
            }
        }
        assertThat(new HashSet<>(walked)).hasSameSizeAs(walked);
        assertThat(walked).containsExactlyElementsOf(expectedNames(null, 0));
    }

    @ParameterizedTest
    @ValueSource(ints = {12, 13, Integer.MAX_VALUE})
    void pastTheEndTheListIsEmptyWithTheFullTotalAndStatus(int offset) throws Exception {
        JsonNode page = technologies(COMPANY_NORDLICHT, Map.of("offset", offset));

        assertThat(page.get("technologies")).isEmpty();
        assertThat(page.get("total").asLong()).isEqualTo(NORDLICHT_TECHNOLOGIES);
        assertThat(page.get("has_more").asBoolean()).isFalse();
        assertThat(page.get("status").stringValue()).isEqualTo("completed");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 200})
    void acceptsTheLimitBounds(int limit) throws Exception {
        JsonNode page = technologies(COMPANY_NORDLICHT, Map.of("limit", limit));

        assertThat(page.get("technologies")).hasSize(Math.min(limit, NORDLICHT_TECHNOLOGIES));
        assertThat(page.get("limit").asInt()).isEqualTo(limit);
    }

    /** Only a completed scan is successful; a company never scanned answers 200 with not_scanned. */
    @ParameterizedTest(name = "{1}")
    @MethodSource("com.prospectdata.testing.Fixture#companiesWithoutACompletedScan")
    void scansThatAreNotCompletedAreNotSuccessful(String companyId, String status) throws Exception {
        JsonNode page = technologies(companyId, Map.of());

        ObjectNode expected = Json.object();
        expected.putArray("technologies");
        expected.put("total", 0);
        expected.put("limit", 100);
        expected.put("offset", 0);
        expected.put("has_more", false);
        expected.put("scan_successful", false);
        expected.put("status", status);
        assertThat(Json.sameValue(page, expected)).as("%n  actual   %s%n  expected %s", page, expected).isTrue();
    }
}
