package com.prospectdata.features.jobs;

import static com.prospectdata.testing.Fixture.COMPANY_NORDLICHT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.prospectdata.testing.Expected;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import com.prospectdata.webtier.DatabaseServer;
import com.prospectdata.webtier.WebTierTest;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** GET /api/v1/companies/{company_id}/jobs (docs/api-rules.md §3 and §4). */
@Tag(DatabaseServer.TAG)
class JobsWebTest extends WebTierTest {

    private JsonNode jobs(String companyId, Map<String, ?> parameters) throws Exception {
        return ok(withQuery("/api/v1/companies/" + companyId + "/jobs", parameters));
    }

    private static Map<String, Object> parameters(Integer daysBack, String platform) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        if (daysBack != null) {
            parameters.put("days_back", daysBack);
        }
        if (platform != null) {
            parameters.put("platform", platform);
        }
        return parameters;
    }

    /** velocity_per_month is the exact value rounded to 2 decimals (docs/api-rules.md §1). */
    static void assertVelocity(JsonNode velocity, BigDecimal exact) {
        BigDecimal sent = velocity.decimalValue();
        assertThat(sent.stripTrailingZeros().scale()).as("decimals of velocity_per_month %s", sent).isLessThanOrEqualTo(2);
        assertThat(sent).as("velocity_per_month, exactly %s", exact).isCloseTo(exact, within(new BigDecimal("0.005")));
    }

    @Test
    void listsTheActiveJobsOfTheLast30DaysByDefault() throws Exception {
        JsonNode page = jobs(COMPANY_NORDLICHT, Map.of());

        assertThat(page.get("total").asLong()).isEqualTo(15);
        assertThat(page.get("velocity_per_month").decimalValue()).isEqualByComparingTo("15.0");
        assertThat(page.get("activity_strength").stringValue()).isEqualTo("STRONG");
        assertThat(page.get("limit").asInt()).isEqualTo(50);
        assertThat(page.get("offset").asInt()).isEqualTo(0);
        assertThat(page.get("has_more").asBoolean()).isFalse();
        List<JsonNode> expected = Expected.jobsInWindow(fixture(), COMPANY_NORDLICHT, 30, null);
        assertThat(Json.strings(page.get("jobs"), "id")).containsExactlyElementsOf(Json.strings(array(expected), "id"));
    }

    @Test
    void showsEachJobExactlyAsImported() throws Exception {
        JsonNode page = jobs(COMPANY_NORDLICHT, Map.of("days_back", 365));

        for (JsonNode job : page.get("jobs")) {
            ObjectNode expected = fixture().jobsOf(COMPANY_NORDLICHT).stream()
                    .filter(candidate -> candidate.get("id").equals(job.get("id")))
                    .findFirst().orElseThrow().deepCopy();
            expected.remove(List.of("type", "company_id"));
            assertThat(Json.sameValue(job, expected)).as("%n  actual   %s%n  expected %s", job, expected).isTrue();
        }
    }

    @Test
    void ordersByDatePostedDescendingThenId() throws Exception {
        JsonNode page = jobs(COMPANY_NORDLICHT, Map.of("days_back", 365));

        List<String> ids = Json.strings(page.get("jobs"), "id");
        // j-0500-a and j-0500-b were posted at the same second; the file has b first.
        assertThat(ids).containsSubsequence("j-0300", "j-0500-a", "j-0500-b", "j-0600");
        assertThat(ids).containsExactlyElementsOf(
                Json.strings(array(Expected.jobsInWindow(fixture(), COMPANY_NORDLICHT, 365, null)), "id"));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 365})
    void neverListsRemovedJobs(int daysBack) throws Exception {
        JsonNode page = jobs(COMPANY_NORDLICHT, Map.of("days_back", daysBack));

        assertThat(Json.strings(page.get("jobs"), "id")).doesNotContain("j-0006-removed", "j-0800-removed");
    }

    /**
     * The window, the platform filter and the hiring activity: total = active jobs posted within
     * days_back days after the platform filter; velocity = total / days_back * 30 rounded to 2
     * decimals; the level from the unrounded velocity, on both sides of each boundary (and
     * where rounding alone would cross one).
     */
    @ParameterizedTest(name = "days_back={0} platform={1}: total {2}, velocity {3}, {4}")
    @CsvSource(nullValues = "-", value = {
            "-,   -,               15, 15.0,  STRONG",
            "30,  -,               15, 15.0,  STRONG",
            "1,   -,               1,  30.0,  STRONG",
            "7,   -,               6,  25.71, STRONG",
            "365, -,               19, 1.56,  MODERATE",
            "-,   linkedin,        8,  8.0,   STRONG",
            "-,   LinkedIn,        8,  8.0,   STRONG",
            "-,   INDEED,          4,  4.0,   STRONG",
            "365, linkedin,        10, 0.82,  LIGHT",
            "365, GlassDoor,       3,  0.25,  NONE",
            "-,   company_website, 1,  1.0,   LIGHT",
            "10,  company_website, 1,  3.0,   STRONG",
            "11,  company_website, 1,  2.73,  MODERATE",
            "20,  company_website, 1,  1.5,   MODERATE",
            "21,  company_website, 1,  1.43,  LIGHT",
            "60,  company_website, 1,  0.5,   LIGHT",
            "61,  company_website, 1,  0.49,  NONE",
            // 2 / 121 * 30 = 0.4959: sent as 0.5, but the level comes from the unrounded value.
            "121, glassdoor,       2,  0.5,   NONE",
            "-,   myspace,         0,  0.0,   NONE",
    })
    void windowPlatformAndHiringActivity(Integer daysBack, String platform, long total, String velocity, String strength)
            throws Exception {
        JsonNode page = jobs(COMPANY_NORDLICHT, parameters(daysBack, platform));
        int window = daysBack == null ? 30 : daysBack;

        assertThat(page.get("total").asLong()).isEqualTo(total);
        assertThat(page.get("velocity_per_month").decimalValue()).isEqualByComparingTo(velocity);
        assertVelocity(page.get("velocity_per_month"), Expected.velocity(total, window));
        assertThat(page.get("activity_strength").stringValue()).isEqualTo(strength)
                .isEqualTo(Expected.activityStrength(Expected.velocity(total, window)));
        List<JsonNode> expected = Expected.jobsInWindow(fixture(), COMPANY_NORDLICHT, window, platform);
        assertThat(expected).hasSize((int) total);
        assertThat(Json.strings(page.get("jobs"), "id")).containsExactlyElementsOf(Json.strings(array(expected), "id"));
    }

    @Test
    void thePlatformFilterIsCaseInsensitiveAndKeepsThePostingsSpelling() throws Exception {
        JsonNode page = jobs(COMPANY_NORDLICHT, Map.of("platform", "lInKeDiN"));

        assertThat(Json.strings(page.get("jobs"), "platform")).contains("linkedin", "LinkedIn", "LINKEDIN")
                .allMatch(platform -> platform.equalsIgnoreCase("linkedin"));
    }

    @Test
    void theHiringActivityCountsTheWholeWindowNotThePage() throws Exception {
        JsonNode page = jobs(COMPANY_NORDLICHT, Map.of("limit", 1, "offset", 3));

        assertThat(page.get("jobs")).hasSize(1);
        assertThat(page.get("total").asLong()).isEqualTo(15);
        assertThat(page.get("velocity_per_month").decimalValue()).isEqualByComparingTo("15.0");
        assertThat(page.get("activity_strength").stringValue()).isEqualTo("STRONG");
    }

    @Test
    void aFullPaginationWalkNeitherOverlapsNorSkips() throws Exception {
        List<String> expected = Json.strings(array(Expected.jobsInWindow(fixture(), COMPANY_NORDLICHT, 365, null)), "id");
        List<String> walked = new ArrayList<>();
        for (int offset = 0; ; offset += 4) {
            JsonNode page = jobs(COMPANY_NORDLICHT, Map.of("days_back", 365, "limit", 4, "offset", offset));
            int returned = page.get("jobs").size();
            assertThat(page.get("total").asLong()).isEqualTo(expected.size());
            assertThat(page.get("limit").asInt()).isEqualTo(4);
            assertThat(page.get("offset").asInt()).isEqualTo(offset);
            assertThat(page.get("has_more").asBoolean()).isEqualTo(offset + returned < expected.size());
            walked.addAll(Json.strings(page.get("jobs"), "id"));
            if (!page.get("has_more").asBoolean()) {
                break;
            }
        }
        assertThat(new HashSet<>(walked)).hasSameSizeAs(walked);
        assertThat(walked).containsExactlyElementsOf(expected);
    }

    @ParameterizedTest
    @ValueSource(ints = {15, 16, 500, Integer.MAX_VALUE})
    void pastTheEndTheListIsEmptyWithTheFullTotalAndActivity(int offset) throws Exception {
        JsonNode page = jobs(COMPANY_NORDLICHT, Map.of("offset", offset));

        assertThat(page.get("jobs")).isEmpty();
        assertThat(page.get("total").asLong()).isEqualTo(15);
        assertThat(page.get("has_more").asBoolean()).isFalse();
        assertThat(page.get("velocity_per_month").decimalValue()).isEqualByComparingTo("15.0");
        assertThat(page.get("activity_strength").stringValue()).isEqualTo("STRONG");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 200})
    void acceptsTheLimitBounds(int limit) throws Exception {
        JsonNode page = jobs(COMPANY_NORDLICHT, Map.of("limit", limit));

        assertThat(page.get("jobs")).hasSize(Math.min(limit, 15));
        assertThat(page.get("limit").asInt()).isEqualTo(limit);
        assertThat(page.get("has_more").asBoolean()).isEqualTo(limit < 15);
    }

    @Test
    void aCompanyWithoutJobsHasAnEmptyListAndNoActivity() throws Exception {
        JsonNode page = jobs(Fixture.COMPANY_ORGANIC, Map.of("days_back", 365));

        assertThat(page.get("jobs")).isEmpty();
        assertThat(page.get("total").asLong()).isZero();
        assertThat(page.get("has_more").asBoolean()).isFalse();
        assertThat(page.get("velocity_per_month").decimalValue()).isEqualByComparingTo("0");
        assertThat(page.get("activity_strength").stringValue()).isEqualTo("NONE");
    }

    @Test
    void aCompanyWhoseOnlyJobWasRemovedHasNoActivity() throws Exception {
        JsonNode page = jobs(Fixture.COMPANY_DONAU, Map.of());

        assertThat(page.get("jobs")).isEmpty();
        assertThat(page.get("total").asLong()).isZero();
        assertThat(page.get("activity_strength").stringValue()).isEqualTo("NONE");
    }

    private static JsonNode array(List<JsonNode> nodes) {
        var array = Json.object().arrayNode();
        nodes.forEach(array::add);
        return array;
    }
}
