package com.prospectdata.features.companies;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.prospectdata.webtier.DocumentValidation;
import com.prospectdata.webtier.WebTierTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The companies delegate through the web tier: list order, pages, filters, errors (docs/api-rules.md §2, §3). */
class CompaniesWebTest extends WebTierTest {

    private static final String LIST = "/api/v1/companies/?prospect_search_id=" + OUR_SEARCH;

    @Test
    void theListIsOrderedByScoreThenNameThenId() throws Exception {
        mvc.perform(call(LIST))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.items[*].id").value(contains(ALSTER.toString(), SNAKE_CASE.toString(),
                        ELBE.toString(), ELBE_TWIN.toString(), ISAR.toString())))
                .andExpect(jsonPath("$.total").value(5))
                .andExpect(jsonPath("$.limit").value(50))
                .andExpect(jsonPath("$.offset").value(0))
                .andExpect(jsonPath("$.has_more").value(false))
                .andExpect(header().doesNotExist("Link"));
    }

    @Test
    void pagesNeitherOverlapNorSkipAndLinkTheirNeighbours() throws Exception {
        mvc.perform(call(LIST + "&limit=2"))
                .andExpect(jsonPath("$.items[*].id").value(contains(ALSTER.toString(), SNAKE_CASE.toString())))
                .andExpect(jsonPath("$.total").value(5))
                .andExpect(jsonPath("$.has_more").value(true))
                .andExpect(header().string("Link", containsString("offset=2")))
                .andExpect(header().string("Link", containsString("rel=\"next\"")));
        mvc.perform(call(LIST + "&limit=2&offset=2"))
                .andExpect(jsonPath("$.items[*].id").value(contains(ELBE.toString(), ELBE_TWIN.toString())))
                .andExpect(jsonPath("$.has_more").value(true))
                .andExpect(header().string("Link", containsString("rel=\"prev\"")));
        mvc.perform(call(LIST + "&limit=2&offset=4"))
                .andExpect(jsonPath("$.items[*].id").value(contains(ISAR.toString())))
                .andExpect(jsonPath("$.has_more").value(false))
                .andExpect(header().string("Link", containsString("rel=\"prev\"")))
                .andExpect(header().string("Link", org.hamcrest.Matchers.not(containsString("rel=\"next\""))));
    }

    @Test
    void pastTheEndTheItemsAreEmptyAndTheTotalStaysFull() throws Exception {
        mvc.perform(call(LIST + "&offset=500"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.items").value(hasSize(0)))
                .andExpect(jsonPath("$.total").value(5))
                .andExpect(jsonPath("$.has_more").value(false));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "min_match_score=7.0                                     | 4",
            "min_match_score=7.01                                    | 2",
            "review_status=pending                                   | 3",
            "review_status_list=accepted&review_status_list=rejected | 2",
            "review_status=pending&review_status_list=rejected       | 1",
            "search=hamburg                                          | 2",
            "search=%20%20                                           | 5",
            "search=50%25                                            | 2",
            "search=_                                                | 1",
            "search=%25                                              | 2",
            "search=head%20of%20logistics                            | 1",
            "search=isar-labs.example                                | 1",
            "min_match_score=5&review_status=pending&search=cargo     | 2",
            "updated_since=2026-10-01T00:00:00Z                      | 2",
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
                .andExpect(jsonPath("$.total").value(2))
                .andExpect(jsonPath("$.items").value(hasSize(2)));
    }

    @Test
    void aCompanyIsServedWhole() throws Exception {
        mvc.perform(call("/api/v1/companies/" + ALSTER))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.name").value("Alster Freight GmbH"))
                .andExpect(jsonPath("$.prospect_search_id").value(OUR_SEARCH.toString()))
                .andExpect(jsonPath("$.match_score").value(9.5))
                .andExpect(jsonPath("$.review_status").value("accepted"))
                .andExpect(jsonPath("$.phone").value("+49 40 7654321"))
                .andExpect(jsonPath("$.created_at").value("2026-10-01T08:00:00Z"))
                .andExpect(jsonPath("$.contacts[*].name").value(contains("Lena Brandt", "Tom Reuter")))
                .andExpect(jsonPath("$.contacts[1].title").doesNotExist())
                .andExpect(header().exists("ETag"));
        mvc.perform(call("/api/v1/companies/" + ELBE))
                .andExpect(jsonPath("$.phone").doesNotExist())
                .andExpect(jsonPath("$.contacts").value(hasSize(0)));
    }

    @Test
    void unknownIsNotFoundAndAnotherOrganizationsIsForbidden() throws Exception {
        UUID unknown = UUID.fromString("c1000000-0000-4000-8000-00000000ffff");
        mvc.perform(call("/api/v1/companies/" + unknown))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.error").value("NOT_FOUND"))
                .andExpect(jsonPath("$.message").value("Company with ID " + unknown + " not found"));
        mvc.perform(call("/api/v1/companies/" + THEIR_COMPANY))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.error").value("FORBIDDEN"));
        mvc.perform(call("/api/v1/companies/?prospect_search_id=" + unknown))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.message").value("Prospect search with ID " + unknown + " not found"));
        mvc.perform(call("/api/v1/companies/?prospect_search_id=" + THEIR_SEARCH))
                .andExpect(status().isForbidden());
        mvc.perform(call("/api/v1/companies/?prospect_search_id=" + OUR_EMPTY_SEARCH))
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
