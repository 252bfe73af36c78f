package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.given;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.DatabaseServer;
import com.prospectdata.contract.support.Fixture;
import com.prospectdata.contract.support.Json;
import io.restassured.response.Response;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** GET /api/v1/companies/{company_id}/webtech-intel/summary (docs/api-rules.md §5). */
@Tag(DatabaseServer.TAG)
class TechnologiesSummaryTest extends ContractTest {

    private static final String PATH = "/api/v1/companies/{company_id}/webtech-intel/summary";

    private static JsonNode summary(String companyId) {
        Response response = given().get(PATH, companyId);
        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(200);
        return json(response);
    }

    @Test
    void topFiveInListOrderAndCountsOverAllTechnologies() {
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
    void theTopTechnologiesAreTheFirstPageOfTheList() {
        JsonNode summary = summary(Fixture.COMPANY_NORDLICHT);
        JsonNode list = TechnologiesTest.technologies(Fixture.COMPANY_NORDLICHT, Map.of("limit", 5));

        assertThat(Json.strings(summary.get("top_technologies"), "name"))
                .containsExactlyElementsOf(Json.strings(list.get("technologies"), "name"));
        assertThat(summary.get("total_technologies")).isEqualTo(list.get("total"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("com.prospectdata.contract.support.Fixture#companiesWithoutACompletedScan")
    void scansThatAreNotCompletedAreNotSuccessful(String companyId, String status) {
        JsonNode summary = summary(companyId);

        JsonNode expected = Json.parse("""
                {"top_technologies": [], "total_technologies": 0, "category_counts": {},
                 "scan_successful": false, "status": "%s"}
                """.formatted(status));
        assertThat(Json.sameValue(summary, expected)).as("%n  actual   %s%n  expected %s", summary, expected).isTrue();
    }
}
