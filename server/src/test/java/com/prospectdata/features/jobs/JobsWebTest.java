package com.prospectdata.features.jobs;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.prospectdata.webtier.WebTierTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The jobs delegate through the web tier: the window, platform, hiring activity and the summary (docs/api-rules.md §4). */
class JobsWebTest extends WebTierTest {

    private static final String JOBS = "/api/v1/companies/" + ALSTER + "/jobs";

    @Test
    void theListHoldsTheActiveJobsOfTheWindowNewestFirst() throws Exception {
        // wt-5 was removed, wt-4 is 60 days old: 3 jobs in 30 days is a velocity of 3.0, STRONG.
        mvc.perform(call(JOBS))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.jobs[*].id").value(contains("wt-1", "wt-2", "wt-3")))
                .andExpect(jsonPath("$.total").value(3))
                .andExpect(jsonPath("$.velocity_per_month").value(3.0))
                .andExpect(jsonPath("$.activity_strength").value("STRONG"))
                .andExpect(jsonPath("$.jobs[0].job_url").value("https://jobs.example/wt-1"));
    }

    @Test
    void theWindowAndThePlatformNarrowTheTotalAndTheVelocity() throws Exception {
        mvc.perform(call(JOBS + "?days_back=90"))
                .andExpect(jsonPath("$.total").value(4))
                .andExpect(jsonPath("$.velocity_per_month").value(1.33))
                .andExpect(jsonPath("$.activity_strength").value("LIGHT"));
        mvc.perform(call(JOBS + "?platform=LINKEDIN"))
                .andExpect(jsonPath("$.jobs[*].id").value(contains("wt-1", "wt-3")))
                .andExpect(jsonPath("$.activity_strength").value("MODERATE"));
        mvc.perform(call(JOBS + "?days_back=1"))
                .andExpect(jsonPath("$.jobs[*].id").value(contains("wt-1")))
                .andExpect(jsonPath("$.velocity_per_month").value(30.0));
        mvc.perform(call(JOBS + "?platform=stepstone"))
                .andExpect(jsonPath("$.total").value(0))
                .andExpect(jsonPath("$.activity_strength").value("NONE"));
    }

    @Test
    void theSummaryIsTheDefaultListWithTheLatestActiveJob() throws Exception {
        mvc.perform(call(JOBS + "/summary"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(3))
                .andExpect(jsonPath("$.velocity_per_month").value(3.0))
                .andExpect(jsonPath("$.activity_strength").value("STRONG"))
                .andExpect(jsonPath("$.latest_job.id").value("wt-1"))
                .andExpect(jsonPath("$.latest_job.job_url").doesNotExist());
        mvc.perform(call("/api/v1/companies/" + ELBE + "/jobs/summary"))
                .andExpect(jsonPath("$.total").value(0))
                .andExpect(jsonPath("$.latest_job").doesNotExist());
    }

    @Test
    void anotherOrganizationsCompanyIsForbiddenForBothOperations() throws Exception {
        mvc.perform(call("/api/v1/companies/" + THEIR_COMPANY + "/jobs")).andExpect(status().isForbidden());
        mvc.perform(call("/api/v1/companies/" + THEIR_COMPANY + "/jobs/summary")).andExpect(status().isForbidden());
    }

    @Test
    void anUnknownCompanyIsNotFoundForBothOperations() throws Exception {
        String unknown = "/api/v1/companies/c1000000-0000-4000-8000-0000000000ff";
        mvc.perform(call(unknown + "/jobs")).andExpect(status().isNotFound())
                .andExpect(jsonPath("$.error").value("NOT_FOUND"));
        mvc.perform(call(unknown + "/jobs/summary")).andExpect(status().isNotFound());
    }

    @Test
    void pastTheEndNoJobIsListedAndTheTotalAndVelocityStay() throws Exception {
        mvc.perform(call(JOBS + "?offset=3"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.jobs").isEmpty())
                .andExpect(jsonPath("$.total").value(3))
                .andExpect(jsonPath("$.velocity_per_month").value(3.0))
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
