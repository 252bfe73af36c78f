package com.prospectdata.features.companies;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.prospectdata.webtier.DocumentValidation;
import com.prospectdata.webtier.Fixture;
import com.prospectdata.webtier.WebTierTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The companies delegate through the web tier: list order, pages, filters, errors (docs/api-rules.md §2, §3). */
class CompaniesWebTest extends WebTierTest {

    private static final String LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;
    private static final String TOP_SCORE = Fixture.COMPANY_TOP_SCORE;
    private static final String KUESTENWIND = "c0000000-0000-4000-8000-000000000010";
    private static final String SEEBLICK = Fixture.COMPANY_SEEBLICK;
    private static final String GIPFEL = Fixture.COMPANY_GIPFEL;
    private static final String NORDLICHT = Fixture.COMPANY_NORDLICHT;
    private static final String ZERO_SCORE = "c0000000-0000-4000-8000-000000000013";

    @Test
    void theListIsOrderedByScoreThenNameThenId() throws Exception {
        mvc.perform(call(LIST))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.items[0:5].id").value(contains(TOP_SCORE, KUESTENWIND, NORDLICHT, SEEBLICK, GIPFEL)))
                .andExpect(jsonPath("$.items[22].id").value(ZERO_SCORE))
                .andExpect(jsonPath("$.total").value(23))
                .andExpect(jsonPath("$.limit").value(50))
                .andExpect(jsonPath("$.offset").value(0))
                .andExpect(jsonPath("$.has_more").value(false))
                .andExpect(header().doesNotExist("Link"));
    }

    @Test
    void pagesNeitherOverlapNorSkipAndLinkTheirNeighbours() throws Exception {
        mvc.perform(call(LIST + "&limit=2"))
                .andExpect(jsonPath("$.items[*].id").value(contains(TOP_SCORE, KUESTENWIND)))
                .andExpect(jsonPath("$.total").value(23))
                .andExpect(jsonPath("$.has_more").value(true))
                .andExpect(header().string("Link", containsString("offset=2")))
                .andExpect(header().string("Link", containsString("rel=\"next\"")));
        mvc.perform(call(LIST + "&limit=2&offset=2"))
                .andExpect(jsonPath("$.items[*].id").value(contains(NORDLICHT, SEEBLICK)))
                .andExpect(jsonPath("$.has_more").value(true))
                .andExpect(header().string("Link", containsString("rel=\"prev\"")));
        mvc.perform(call(LIST + "&limit=2&offset=22"))
                .andExpect(jsonPath("$.items[*].id").value(contains(ZERO_SCORE)))
                .andExpect(jsonPath("$.has_more").value(false))
                .andExpect(header().string("Link", containsString("rel=\"prev\"")))
                .andExpect(header().string("Link", org.hamcrest.Matchers.not(containsString("rel=\"next\""))));
    }

    @Test
    void pastTheEndTheItemsAreEmptyAndTheTotalStaysFull() throws Exception {
        mvc.perform(call(LIST + "&offset=500"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.items").value(hasSize(0)))
                .andExpect(jsonPath("$.total").value(23))
                .andExpect(jsonPath("$.has_more").value(false));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "min_match_score=7.0                                     | 11",
            "min_match_score=7.01                                    | 10",
            "review_status=pending                                   | 9",
            "review_status_list=accepted&review_status_list=rejected | 14",
            "review_status=pending&review_status_list=rejected       | 5",
            "search=hamburg                                          | 2",
            "search=%20%20                                           | 23",
            "search=0%25%20o                                         | 1",
            "search=_                                                | 1",
            "search=%25                                              | 1",
            "search=head%20of%20operations                           | 1",
            "search=zebra.mailbox%40                                 | 1",
            "min_match_score=5&review_status=pending&search=hannover  | 1",
            "updated_since=2025-10-01T00:00:00Z                      | 22",
    })
    void everyFilterNarrowsBothTheItemsAndTheTotal(String filter, int expected) throws Exception {
        mvc.perform(call(LIST + "&" + filter.strip()))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(expected))
                .andExpect(jsonPath("$.items").value(hasSize(expected)));
    }

    @Test
    void reviewStatusListAsOneCommaSeparatedValue() throws Exception {
        // Accepted by the parameter's description, though its style (form, explode) reads only the
        // repeated form: the validator would refuse the request, so only the response is validated.
        mvc.perform(call(LIST + "&review_status_list=accepted,rejected").with(DocumentValidation.responseOnly()))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(14))
                .andExpect(jsonPath("$.items").value(hasSize(14)));
    }

    @Test
    void aCompanyIsServedWhole() throws Exception {
        mvc.perform(call("/api/v1/companies/" + NORDLICHT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.name").value("Nordlicht Logistik GmbH"))
                .andExpect(jsonPath("$.prospect_search_id").value(Fixture.SEARCH_MAIN))
                .andExpect(jsonPath("$.match_score").value(9.2))
                .andExpect(jsonPath("$.review_status").value("accepted"))
                .andExpect(jsonPath("$.phone").value("+49 40 1234567"))
                .andExpect(jsonPath("$.created_at").value("2025-10-02T08:30:00Z"))
                .andExpect(jsonPath("$.contacts[*].name").value(contains("Lena Vogt", "Jonas Kraft")))
                .andExpect(jsonPath("$.contacts[1].title").doesNotExist())
                .andExpect(header().exists("ETag"));
        mvc.perform(call("/api/v1/companies/" + Fixture.COMPANY_ORGANIC))
                .andExpect(jsonPath("$.phone").doesNotExist())
                .andExpect(jsonPath("$.contacts").value(hasSize(0)));
    }

    @Test
    void unknownIsNotFoundAndAnotherOrganizationsIsForbidden() throws Exception {
        UUID unknown = UUID.fromString("c0000000-0000-4000-8000-00000000ffff");
        mvc.perform(call("/api/v1/companies/" + unknown))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.error").value("NOT_FOUND"))
                .andExpect(jsonPath("$.message").value("Company with ID " + unknown + " not found"));
        mvc.perform(call("/api/v1/companies/" + Fixture.COMPANY_OTHER_ORG))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.error").value("FORBIDDEN"));
        mvc.perform(call("/api/v1/companies/?prospect_search_id=" + unknown))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.message").value("Prospect search with ID " + unknown + " not found"));
        mvc.perform(call("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_OTHER_ORG))
                .andExpect(status().isForbidden());
        mvc.perform(call("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_EMPTY))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"limit=0", "limit=101", "limit=ten", "offset=-1", "offset=1.5", "min_match_score=10.5",
            "min_match_score=-0.1", "min_match_score=NaN", "review_status=maybe", "review_status_list=accepted,maybe",
            "updated_since=yesterday", "updated_since=2026-13-01T00:00:00Z"})
    void aParameterOutsideItsSchemaIsNamedInA400(String parameter) throws Exception {
        String name = parameter.substring(0, parameter.indexOf('='));
        mvc.perform(call(LIST + "&" + parameter))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.error").value("VALIDATION_ERROR"))
                .andExpect(jsonPath("$.message").value(containsString(name)));
    }

    @Test
    void aMissingOrMalformedSearchIdIsA400() throws Exception {
        mvc.perform(call("/api/v1/companies/"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("prospect_search_id")));
        mvc.perform(call("/api/v1/companies/?prospect_search_id=not-a-uuid"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("prospect_search_id")));
        mvc.perform(call("/api/v1/companies/not-a-uuid"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("company_id")));
    }
}
