package com.prospectdata.features.jobs;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.prospectdata.webtier.Fixture;
import com.prospectdata.webtier.WebTierTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The jobs delegate through the web tier: the window, platform, hiring activity and the summary (docs/api-rules.md §4). */
class JobsWebTest extends WebTierTest {

    private static final String JOBS = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs";

    @Test
    void theListHoldsTheActiveJobsOfTheWindowNewestFirst() throws Exception {
        // Two were removed, five are older than 30 days: 15 jobs in 30 days is a velocity of 15.0, STRONG.
        mvc.perform(call(JOBS))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.jobs[0:6].id").value(contains("j-0100", "j-0200", "j-0300", "j-0500-a",
                        "j-0500-b", "j-0600")))
                .andExpect(jsonPath("$.total").value(15))
                .andExpect(jsonPath("$.velocity_per_month").value(15.0))
                .andExpect(jsonPath("$.activity_strength").value("STRONG"))
                .andExpect(jsonPath("$.jobs[0].job_url").value("https://jobs.example/j-0100"));
    }

    @Test
    void theWindowAndThePlatformNarrowTheTotalAndTheVelocity() throws Exception {
        mvc.perform(call(JOBS + "?days_back=365"))
                .andExpect(jsonPath("$.total").value(19))
                .andExpect(jsonPath("$.velocity_per_month").value(1.56))
                .andExpect(jsonPath("$.activity_strength").value("MODERATE"));
        mvc.perform(call(JOBS + "?days_back=365&platform=GlassDoor"))
                .andExpect(jsonPath("$.jobs[*].id").value(contains("j-0500-b", "j-2000", "j-30000")))
                .andExpect(jsonPath("$.activity_strength").value("NONE"));
        mvc.perform(call(JOBS + "?days_back=1"))
                .andExpect(jsonPath("$.jobs[*].id").value(contains("j-0100")))
                .andExpect(jsonPath("$.velocity_per_month").value(30.0));
        mvc.perform(call(JOBS + "?platform=stepstone"))
                .andExpect(jsonPath("$.total").value(0))
                .andExpect(jsonPath("$.activity_strength").value("NONE"));
    }

    @Test
    void theSummaryIsTheDefaultListWithTheLatestActiveJob() throws Exception {
        mvc.perform(call(JOBS + "/summary"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(15))
                .andExpect(jsonPath("$.velocity_per_month").value(15.0))
                .andExpect(jsonPath("$.activity_strength").value("STRONG"))
                .andExpect(jsonPath("$.latest_job.id").value("j-0100"))
                .andExpect(jsonPath("$.latest_job.job_url").doesNotExist());
        mvc.perform(call("/api/v1/companies/" + Fixture.COMPANY_ORGANIC + "/jobs/summary"))
                .andExpect(jsonPath("$.total").value(0))
                .andExpect(jsonPath("$.latest_job").doesNotExist());
    }

    @Test
    void anotherOrganizationsCompanyIsForbiddenForBothOperations() throws Exception {
        mvc.perform(call("/api/v1/companies/" + Fixture.COMPANY_OTHER_ORG + "/jobs")).andExpect(status().isForbidden());
        mvc.perform(call("/api/v1/companies/" + Fixture.COMPANY_OTHER_ORG + "/jobs/summary")).andExpect(status().isForbidden());
    }

    @Test
    void anUnknownCompanyIsNotFoundForBothOperations() throws Exception {
        String unknown = "/api/v1/companies/c0000000-0000-4000-8000-0000000000ff";
        mvc.perform(call(unknown + "/jobs")).andExpect(status().isNotFound())
                .andExpect(jsonPath("$.error").value("NOT_FOUND"));
        mvc.perform(call(unknown + "/jobs/summary")).andExpect(status().isNotFound());
    }

    @Test
    void pastTheEndNoJobIsListedAndTheTotalAndVelocityStay() throws Exception {
        mvc.perform(call(JOBS + "?offset=15"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.jobs").isEmpty())
                .andExpect(jsonPath("$.total").value(15))
                .andExpect(jsonPath("$.velocity_per_month").value(15.0))
                .andExpect(jsonPath("$.has_more").value(false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"days_back=0", "days_back=366", "days_back=a", "limit=201", "limit=0", "offset=-5"})
    void aParameterOutsideItsSchemaIsNamedInA400(String parameter) throws Exception {
        mvc.perform(call(JOBS + "?" + parameter))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error").value("VALIDATION_ERROR"))
                .andExpect(jsonPath("$.message").value(containsString(parameter.substring(0, parameter.indexOf('=')))));
    }
}
