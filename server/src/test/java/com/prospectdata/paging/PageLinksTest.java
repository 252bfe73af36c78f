package com.prospectdata.paging;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class PageLinksTest {

    private static MockHttpServletRequest request(String query) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/companies/");
        request.setScheme("https");
        request.setServerName("api.prospectdata.example");
        request.setServerPort(443);
        request.setQueryString(query);
        return request;
    }

    @Test
    void aMiddlePageLinksBothNeighboursKeepingEveryOtherParameterAsEncoded() {
        String query = "prospect_search_id=5b0d&search=caf%C3%A9+bar&offset=20&limit=10&review_status_list=accepted,pending";
        assertThat(PageLinks.of(request(query), new PageRequest(10, 20), 10, 100)).contains(
                "<https://api.prospectdata.example/api/v1/companies/?prospect_search_id=5b0d&search=caf%C3%A9+bar"
                        + "&limit=10&review_status_list=accepted,pending&offset=30>; rel=\"next\", "
                        + "<https://api.prospectdata.example/api/v1/companies/?prospect_search_id=5b0d&search=caf%C3%A9+bar"
                        + "&limit=10&review_status_list=accepted,pending&offset=10>; rel=\"prev\"");
    }

    @Test
    void theFirstPageHasOnlyNextAndTheLastOnlyPrev() {
        assertThat(PageLinks.of(request("limit=10"), new PageRequest(10, 0), 10, 15))
                .contains("<https://api.prospectdata.example/api/v1/companies/?limit=10&offset=10>; rel=\"next\"");
        assertThat(PageLinks.of(request("limit=10&offset=10"), new PageRequest(10, 10), 5, 15))
                .contains("<https://api.prospectdata.example/api/v1/companies/?limit=10&offset=0>; rel=\"prev\"");
    }

    @Test
    void aSinglePageHasNoLinkAndPrevNeverGoesBelowZero() {
        assertThat(PageLinks.of(request(null), new PageRequest(50, 0), 3, 3)).isEmpty();
        assertThat(PageLinks.of(request("offset=3"), new PageRequest(50, 3), 0, 3))
                .contains("<https://api.prospectdata.example/api/v1/companies/?offset=0>; rel=\"prev\"");
    }

    @Test
    void everySpellingOfOffsetIsReplacedOnceAndMalformedEscapesAreKept() {
        assertThat(PageLinks.of(request("off%73et=5&offset=7&x=%zz"), new PageRequest(5, 5), 5, 100))
                .hasValueSatisfying(links -> assertThat(links).startsWith(
                        "<https://api.prospectdata.example/api/v1/companies/?x=%zz&offset=10>; rel=\"next\""));
    }
}
