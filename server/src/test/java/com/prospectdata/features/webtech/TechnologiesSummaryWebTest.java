package com.prospectdata.features.webtech;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import com.prospectdata.webtier.DatabaseServer;
import com.prospectdata.webtier.StatementsOnThisThread;
import com.prospectdata.webtier.WebTierTest;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/** GET /api/v1/companies/{company_id}/webtech-intel/summary (docs/api-rules.md §5). */
@Tag(DatabaseServer.TAG)
class TechnologiesSummaryWebTest extends WebTierTest {

    private static final String NORDLICHT_SUMMARY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel/summary";

    @Autowired
    DSLContext db;

    private JsonNode summary(String companyId) throws Exception {
        return ok("/api/v1/companies/" + companyId + "/webtech-intel/summary");
    }

    @Test
    void topFiveInListOrderAndCountsOverAllTechnologies() throws Exception {
        JsonNode summary = summary(Fixture.COMPANY_NORDLICHT);

        // Angular, Nginx and Vue.js tie at 90: the name decides which two of them make the top 5.
        JsonNode expected = Json.parse("""
                {
                  "top_technologies": [
                    {"name": "Cloudflare", "category": "cdn", "confidence": 100},
                    {"name": "React", "category": "javascript_framework", "confidence": 98},
                    {"name": "Google Analytics", "category": "analytics", "confidence": 95},
                    {"name": "Angular", "category": "javascript_framework", "confidence": 90},
                    {"name": "Nginx", "category": "web_server", "confidence": 90}
                  ],
                  "total_technologies": 12,
                  "category_counts": {
                    "analytics": 2, "cdn": 1, "cms": 1, "css_framework": 1, "javascript_framework": 3,
                    "javascript_library": 2, "programming_language": 1, "web_server": 1
                  },
                  "scan_successful": true,
                  "status": "completed"
                }
                """);
        assertThat(Json.sameValue(summary, expected)).as("%n  actual   %s%n  expected %s", summary, expected).isTrue();
    }

    @Test
    void theTopTechnologiesAreTheFirstPageOfTheList() throws Exception {
        JsonNode summary = summary(Fixture.COMPANY_NORDLICHT);
        JsonNode list = ok("/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel?limit=5");

        assertThat(Json.strings(summary.get("top_technologies"), "name"))
                .containsExactlyElementsOf(Json.strings(list.get("technologies"), "name"));
        assertThat(summary.get("total_technologies")).isEqualTo(list.get("total"));
    }

    @Test
    void theSummaryReadsItsTopAndItsCountsInOneStatementAndListsTheCategoriesInOrder() throws Exception {
        mvc.perform(call(NORDLICHT_SUMMARY)).andExpect(status().isOk()); // the key is cached from here on
        List<String> body = new ArrayList<>();
        List<String> statements = StatementsOnThisThread.during(db, () -> body.add(mvc.perform(call(NORDLICHT_SUMMARY))
                .andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString()));

        assertThat(statements).as("statements reading the technologies").filteredOn(s -> s.contains("\"technology\""))
                .hasSize(1);
        String counts = body.getFirst().substring(body.getFirst().indexOf("\"category_counts\""));
        assertThat(counts).containsSubsequence("\"analytics\":2", "\"cdn\":1", "\"cms\":1", "\"css_framework\":1",
                "\"javascript_framework\":3", "\"javascript_library\":2", "\"programming_language\":1", "\"web_server\":1");
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("com.prospectdata.testing.Fixture#companiesWithoutACompletedScan")
    void scansThatAreNotCompletedAreNotSuccessful(String companyId, String status) throws Exception {
        JsonNode summary = summary(companyId);

        JsonNode expected = Json.parse("""
                {"top_technologies": [], "total_technologies": 0, "category_counts": {},
                 "scan_successful": false, "status": "%s"}
                """.formatted(status));
        assertThat(Json.sameValue(summary, expected)).as("%n  actual   %s%n  expected %s", summary, expected).isTrue();
    }
}
