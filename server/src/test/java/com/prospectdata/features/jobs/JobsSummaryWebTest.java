package com.prospectdata.features.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import com.prospectdata.webtier.DatabaseServer;
import com.prospectdata.webtier.WebTierTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** GET /api/v1/companies/{company_id}/jobs/summary (docs/api-rules.md §4). */
@Tag(DatabaseServer.TAG)
class JobsSummaryWebTest extends WebTierTest {

    private JsonNode summary(String companyId) throws Exception {
        return ok("/api/v1/companies/" + companyId + "/jobs/summary");
    }

    /** One company per level, and the latest active job of any age (none when there is no active job). */
    @ParameterizedTest(name = "{0}: total {1}, velocity {2}, {3}, latest job {4}")
    @CsvSource(nullValues = "-", value = {
            Fixture.COMPANY_NORDLICHT + ",  15, 15.0, STRONG,   j-0100",
            Fixture.COMPANY_SEEBLICK + ",   2,  2.0,  MODERATE, s-1",
            Fixture.COMPANY_GIPFEL + ",     1,  1.0,  LIGHT,    g-1",
            Fixture.COMPANY_ALPENBLICK + ", 0,  0.0,  NONE,     a-1",
            Fixture.COMPANY_DONAU + ",      0,  0.0,  NONE,     -",
            Fixture.COMPANY_ORGANIC + ",    0,  0.0,  NONE,     -",
    })
    void summarizesTheLast30DaysAndTheLatestActiveJob(String companyId, long total, String velocity, String strength,
                                                      String latestJobId) throws Exception {
        JsonNode summary = summary(companyId);

        assertThat(summary.get("total").asLong()).isEqualTo(total);
        assertThat(summary.get("velocity_per_month").decimalValue()).isEqualByComparingTo(velocity);
        assertThat(summary.get("activity_strength").stringValue()).isEqualTo(strength);
        if (latestJobId == null) {
            assertThat(summary.has("latest_job")).as("latest_job is omitted: %s", summary).isFalse();
            assertThat(summary.propertyNames()).containsExactlyInAnyOrder("total", "velocity_per_month", "activity_strength");
        } else {
            ObjectNode expected = fixture().jobsOf(companyId).stream()
                    .filter(job -> job.get("id").stringValue().equals(latestJobId))
                    .findFirst().orElseThrow().deepCopy();
            expected.retain("id", "title", "platform", "date_posted");
            JsonNode latest = summary.get("latest_job");
            assertThat(Json.sameValue(latest, expected)).as("latest_job %s, expected %s (no job_url)", latest, expected).isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {Fixture.COMPANY_NORDLICHT, Fixture.COMPANY_SEEBLICK, Fixture.COMPANY_GIPFEL,
            Fixture.COMPANY_ALPENBLICK, Fixture.COMPANY_DONAU, Fixture.COMPANY_ORGANIC})
    void agreesWithTheJobListAndItsDefaults(String companyId) throws Exception {
        JsonNode summary = summary(companyId);
        JsonNode list = ok("/api/v1/companies/" + companyId + "/jobs");

        assertThat(summary.get("total")).isEqualTo(list.get("total"));
        assertThat(summary.get("velocity_per_month").decimalValue()).isEqualByComparingTo(list.get("velocity_per_month").decimalValue());
        assertThat(summary.get("activity_strength")).isEqualTo(list.get("activity_strength"));
    }
}
