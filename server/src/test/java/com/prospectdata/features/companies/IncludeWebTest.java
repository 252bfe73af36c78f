package com.prospectdata.features.companies;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.StatementsOnThisThread;
import com.prospectdata.webtier.WebTierTest;
import java.util.List;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code include} on a company and on the companies list (docs/api-rules.md §13). */
class IncludeWebTest extends WebTierTest {

    private static final String LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&limit=50";

    @Autowired
    private DSLContext db;

    private void assertEmbedsItsSummaries(JsonNode company) throws Exception {
        String id = company.get("id").stringValue();
        assertThat(Json.sameValue(company.get("jobs_summary"), ok("/api/v1/companies/" + id + "/jobs/summary")))
                .as("jobs_summary of %s", id).isTrue();
        assertThat(Json.sameValue(company.get("webtech_summary"), ok("/api/v1/companies/" + id + "/webtech-intel/summary")))
                .as("webtech_summary of %s", id).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"include=jobs_summary,webtech_summary", "include=webtech_summary&include=jobs_summary",
            "include=webtech_summary,jobs_summary"})
    void aCompanyEmbedsBothSummariesExactlyAsTheirEndpointsAnswer(String include) throws Exception {
        // The comma-separated form is ours: the document's validator reads only the repeated one.
        Answer answer = fetchResponseOnly("/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "?" + include);
        assertThat(answer.status()).as("%s", answer).isEqualTo(200);
        assertEmbedsItsSummaries(answer.json());
    }

    @Test
    void everyCompanyOfAListPageEmbedsItsSummariesAndTheRestIsTheCompanyAlone() throws Exception {
        JsonNode with = ok(LIST + "&include=jobs_summary&include=webtech_summary");
        JsonNode without = ok(LIST);
        assertThat(with.get("items")).hasSameSizeAs(without.get("items")).hasSizeGreaterThan(20);
        for (int i = 0; i < with.get("items").size(); i++) {
            JsonNode company = with.get("items").get(i);
            assertEmbedsItsSummaries(company);
            ObjectNode alone = ((ObjectNode) company).deepCopy();
            alone.remove(List.of("jobs_summary", "webtech_summary"));
            assertThat(Json.sameValue(alone, without.get("items").get(i))).isTrue();
            assertThat(without.get("items").get(i).has("jobs_summary")).isFalse();
        }
    }

    @Test
    void oneSummaryAlone() throws Exception {
        JsonNode company = ok("/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "?include=jobs_summary");
        assertThat(company.has("jobs_summary")).isTrue();
        assertThat(company.has("webtech_summary")).isFalse();
    }

    @Test
    void aListPageWithBothSummariesTakesTwoStatementsMoreWhateverItsSize() throws Exception {
        ok(LIST); // the key is cached from here on
        List<String> without = StatementsOnThisThread.during(db, () -> fetch(LIST + "&search=a"));
        // Another term each time: a page already read at this data version would be kept, and read no statement.
        List<String> withBoth = StatementsOnThisThread.during(db, () -> fetch(LIST + "&search=o&include=jobs_summary&include=webtech_summary"));
        List<String> smallPage = StatementsOnThisThread.during(db, () -> fetch(LIST.replace("limit=50", "limit=2")
                + "&search=e&include=jobs_summary&include=webtech_summary"));

        assertThat(withBoth).hasSize(without.size() + 2);
        assertThat(smallPage).hasSameSizeAs(withBoth);
    }

    @ParameterizedTest
    @ValueSource(strings = {"include=jobs", "include=", "include=%20", "include=JOBS_SUMMARY", "include=jobs_summary,",
            "include=jobs_summary%00", "include=technologies_summary"})
    void anUnknownIncludeIsRefusedNamingIt(String include) throws Exception {
        for (String path : List.of("/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "?" + include, LIST + "&" + include)) {
            Answer answer = fetchResponseOnly(path);
            assertThat(answer.status()).as("%s %s", path, answer).isEqualTo(400);
            assertThat(answer.json().get("message").stringValue()).contains("include");
        }
    }
}
