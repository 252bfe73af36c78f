package com.prospectdata.features.searches;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.WebTierTest;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The prospect searches, the list and one (docs/api-rules.md §11). */
class ProspectSearchesWebTest extends WebTierTest {

    private static final String LIST = "/api/v1/prospect-searches/";

    @Test
    void theListHoldsOurOrganizationsSearchesNewestFirstWithTheirCompanies() throws Exception {
        JsonNode page = ok(LIST + "?limit=100");
        List<String> ids = page.get("items").valueStream().map(search -> search.get("id").stringValue()).toList();

        assertThat(ids).contains(Fixture.SEARCH_MAIN, Fixture.SEARCH_EMPTY, Fixture.SEARCH_BRANCHES)
                .doesNotContain(Fixture.SEARCH_OTHER_ORG);
        assertThat(page.get("total").longValue()).isEqualTo(ids.size());
        List<Instant> created = page.get("items").valueStream()
                .map(search -> Instant.parse(search.get("created_at").stringValue())).toList();
        assertThat(created).isSortedAccordingTo((a, b) -> b.compareTo(a));
        for (JsonNode search : page.get("items")) {
            String id = search.get("id").stringValue();
            long companies = ok("/api/v1/companies/?prospect_search_id=" + id + "&limit=1").get("total").longValue();
            assertThat(search.get("company_count").longValue()).as(id).isEqualTo(companies);
            assertThat(Instant.parse(search.get("updated_at").stringValue()))
                    .isAfterOrEqualTo(Instant.parse(search.get("created_at").stringValue()));
            String changes = "/api/v1/prospect-searches/" + id + "/changes?cursor=" + search.get("changes_cursor").stringValue();
            assertThat(ok(changes).get("changes")).as("nothing after the search's own position").isEmpty();
        }
    }

    @Test
    void oneSearchIsTheSameObjectAsInTheList() throws Exception {
        JsonNode listed = ok(LIST + "?limit=100").get("items").valueStream()
                .filter(search -> search.get("id").stringValue().equals(Fixture.SEARCH_MAIN)).findFirst().orElseThrow();
        JsonNode one = ok(LIST + Fixture.SEARCH_MAIN);

        assertThat(one).isEqualTo(listed);
        assertThat(one.get("company_count").longValue()).isEqualTo(fixture().companiesOf(Fixture.SEARCH_MAIN).size());
        assertThat(ok(LIST + Fixture.SEARCH_EMPTY).get("company_count").longValue()).isZero();
    }

    @Test
    void anUnknownSearchIs404AndAnotherOrganizationsIs403() throws Exception {
        Answer unknown = fetch(LIST + "00000000-0000-4000-8000-000000000000");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("message").stringValue())
                .isEqualTo("Prospect search with ID 00000000-0000-4000-8000-000000000000 not found");
        assertThat(fetch(LIST + Fixture.SEARCH_OTHER_ORG).status()).isEqualTo(403);
        assertThat(fetch(LIST + "not-a-uuid").status()).isEqualTo(400);
    }

    @Test
    void keysAndVersionsAsOnEveryRead() throws Exception {
        assertThat(send(anonymous(LIST)).status()).isEqualTo(401);
        assertThat(send(anonymous(LIST + Fixture.SEARCH_MAIN)).status()).isEqualTo(401);
        assertThat(send(callWith(keys().noScope(), LIST)).status()).isEqualTo(403);
        assertThat(send(callWith(keys().noScope(), LIST + Fixture.SEARCH_MAIN)).status()).isEqualTo(403);
        assertThat(fetch(LIST + "?limit=0").status()).isEqualTo(400);
        for (String path : List.of(LIST, LIST + Fixture.SEARCH_MAIN)) {
            String etag = fetch(path).header("ETag");
            assertThat(send(call(path).header("If-None-Match", etag)).status()).as(path).isEqualTo(304);
        }
    }

    @Test
    void theOtherOrganizationSeesOnlyItsOwn() throws Exception {
        JsonNode page = send(callWith(keys().otherOrganization(), LIST)).json();
        assertThat(page.get("items").valueStream().map(search -> search.get("id").stringValue()))
                .contains(Fixture.SEARCH_OTHER_ORG).doesNotContain(Fixture.SEARCH_MAIN);
    }
}
