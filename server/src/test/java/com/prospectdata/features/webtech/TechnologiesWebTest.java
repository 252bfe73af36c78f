package com.prospectdata.features.webtech;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.prospectdata.webtier.Fixture;
import com.prospectdata.webtier.StatementsOnThisThread;
import com.prospectdata.webtier.WebTierTest;
import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;

/** The technologies delegate through the web tier: scan states, order, filters, the summary (docs/api-rules.md §5). */
class TechnologiesWebTest extends WebTierTest {

    private static final String NORDLICHT_TECH = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel";

    @Autowired
    DSLContext db;

    @Test
    void aCompletedScanListsItsTechnologiesByConfidenceThenName() throws Exception {
        mvc.perform(call(NORDLICHT_TECH))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.status").value("completed"))
                .andExpect(jsonPath("$.scan_successful").value(true))
                .andExpect(jsonPath("$.technologies[*].name").value(contains(
                        "Cloudflare", "React", "Google Analytics", "Angular", "Nginx", "Vue.js", "WordPress", "PHP",
                        "Hotjar", "Bootstrap", "jQuery", "Modernizr")))
                .andExpect(jsonPath("$.technologies[1].version").value("18.2.0"))
                .andExpect(jsonPath("$.technologies[0].version").doesNotExist())
                .andExpect(jsonPath("$.total").value(12));
    }

    @Test
    void categoryAndConfidenceFilterTheListAndItsTotal() throws Exception {
        mvc.perform(call(NORDLICHT_TECH + "?category=JavaScript_Framework"))
                .andExpect(jsonPath("$.technologies[*].name").value(contains("React", "Angular", "Vue.js")))
                .andExpect(jsonPath("$.total").value(3));
        mvc.perform(call(NORDLICHT_TECH + "?min_confidence=95"))
                .andExpect(jsonPath("$.technologies[*].name").value(contains("Cloudflare", "React", "Google Analytics")))
                .andExpect(jsonPath("$.total").value(3));
        mvc.perform(call(NORDLICHT_TECH + "?limit=2&offset=1"))
                .andExpect(jsonPath("$.technologies[*].name").value(contains("React", "Google Analytics")))
                .andExpect(jsonPath("$.has_more").value(true));
    }

    @Test
    void aFailedAndAnUnscannedCompanyAnswer200WithNothingListed() throws Exception {
        mvc.perform(call("/api/v1/companies/" + Fixture.COMPANY_SEEBLICK + "/webtech-intel"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.status").value("failed"))
                .andExpect(jsonPath("$.scan_successful").value(false))
                .andExpect(jsonPath("$.total").value(0));
        mvc.perform(call("/api/v1/companies/" + Fixture.COMPANY_ALPENBLICK + "/webtech-intel/summary"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.status").value("not_scanned"))
                .andExpect(jsonPath("$.total_technologies").value(0));
    }

    @Test
    void theSummaryHasTheFiveFirstAndCountsEverything() throws Exception {
        mvc.perform(call(NORDLICHT_TECH + "/summary"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.top_technologies[*].name").value(contains(
                        "Cloudflare", "React", "Google Analytics", "Angular", "Nginx")))
                .andExpect(jsonPath("$.total_technologies").value(12))
                .andExpect(jsonPath("$.category_counts.javascript_framework").value(3))
                .andExpect(jsonPath("$.category_counts.analytics").value(2))
                .andExpect(jsonPath("$.category_counts.cdn").value(1))
                .andExpect(jsonPath("$.category_counts.web_server").value(1));
    }

    @Test
    void theSummaryReadsItsTopAndItsCountsInOneStatementAndListsTheCategoriesInOrder() throws Exception {
        mvc.perform(call(NORDLICHT_TECH + "/summary")).andExpect(status().isOk()); // the key is cached from here on
        List<String> body = new ArrayList<>();
        List<String> statements = StatementsOnThisThread.during(db, () -> body.add(mvc.perform(call(NORDLICHT_TECH + "/summary"))
                .andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString()));

        assertThat(statements).as("statements reading the technologies").filteredOn(s -> s.contains("\"technology\""))
                .hasSize(1);
        String counts = body.getFirst().substring(body.getFirst().indexOf("\"category_counts\""));
        assertThat(counts).containsSubsequence("\"analytics\":2", "\"cdn\":1", "\"javascript_framework\":3",
                "\"web_server\":1");
    }

    @Test
    void anUnknownCompanyIsNotFoundAndAnotherOrganizationsForbiddenForBothOperations() throws Exception {
        String unknown = "/api/v1/companies/c0000000-0000-4000-8000-0000000000ff";
        mvc.perform(call(unknown + "/webtech-intel")).andExpect(status().isNotFound())
                .andExpect(jsonPath("$.error").value("NOT_FOUND"));
        mvc.perform(call(unknown + "/webtech-intel/summary")).andExpect(status().isNotFound());
        mvc.perform(call("/api/v1/companies/" + Fixture.COMPANY_OTHER_ORG + "/webtech-intel")).andExpect(status().isForbidden());
        mvc.perform(call("/api/v1/companies/" + Fixture.COMPANY_OTHER_ORG + "/webtech-intel/summary")).andExpect(status().isForbidden());
    }

    @Test
    void pastTheEndNothingIsListedAndTheTotalAndStatusStay() throws Exception {
        mvc.perform(call(NORDLICHT_TECH + "?offset=12"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.technologies").isEmpty())
                .andExpect(jsonPath("$.total").value(12))
                .andExpect(jsonPath("$.status").value("completed"))
                .andExpect(jsonPath("$.has_more").value(false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"min_confidence=101", "min_confidence=-1", "min_confidence=high", "limit=201", "offset=x"})
    void aParameterOutsideItsSchemaIsNamedInA400(String parameter) throws Exception {
        mvc.perform(call(NORDLICHT_TECH + "?" + parameter))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error").value("VALIDATION_ERROR"))
                .andExpect(jsonPath("$.message").value(containsString(parameter.substring(0, parameter.indexOf('=')))));
    }
}
