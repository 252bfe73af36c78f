package com.prospectdata.pipeline.paging;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.core.openapi.OpenApiDocument;
import com.prospectdata.pipeline.parameters.ContractParameters;
import com.prospectdata.pipeline.parameters.ParameterReader;
import com.prospectdata.pipeline.parameters.ReadParameters;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class PageLinksTest {

    private static final String SEARCH = "5b0d7f1e-3a2c-4d8e-9f61-2c7a4b9e0d13";
    private static final ParameterReader READING = new ParameterReader(new ContractParameters(OpenApiDocument.fromClasspath()));

    private static MockHttpServletRequest request(String query) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/companies/");
        request.setScheme("https");
        request.setServerName("api.prospectdata.example");
        request.setServerPort(443);
        request.setQueryString(query);
        if (query != null) {
            for (String pair : query.split("&")) {
                String[] nameValue = pair.split("=", 2);
                request.addParameter(nameValue[0], nameValue.length == 2
                        ? java.net.URLDecoder.decode(nameValue[1], java.nio.charset.StandardCharsets.UTF_8) : "");
            }
        }
        return request;
    }

    /** A page of {@code returned} placeholder items out of {@code total}. */
    private static Page<Integer> page(int limit, int offset, int returned, long total) {
        return Page.of(java.util.Collections.nCopies(returned, 0), total, new PageRequest(limit, offset), Keyset::of);
    }

    private static ReadParameters read(MockHttpServletRequest request) {
        return READING.read(request, "listCompanies");
    }

    /** The links of a page without app.public-base-url: after the scheme, host and port the request named. */
    private static java.util.Optional<String> links(MockHttpServletRequest request, Page<?> page) {
        ReadParameters parameters = read(request);
        return PageLinks.of(parameters.requestOrigin(), parameters, page, page.hasMore() ? "NEXT" : null);
    }

    @Test
    void aMiddlePageLinksBothNeighboursWithTheOperationsParametersWrittenCanonically() {
        MockHttpServletRequest request = request("prospect_search_id=" + SEARCH + "&search=caf%C3%A9+bar&offset=20&limit=010"
                + "&review_status_list=accepted,pending&tracking=" + "x".repeat(4200));
        assertThat(links(request, page(10, 20, 10, 100))).contains(
                "<https://api.prospectdata.example/api/v1/companies/?prospect_search_id=" + SEARCH
                        + "&limit=10&review_status_list=accepted&review_status_list=pending&search=caf%C3%A9%20bar&offset=30>; rel=\"next\", "
                        + "<https://api.prospectdata.example/api/v1/companies/?prospect_search_id=" + SEARCH
                        + "&limit=10&review_status_list=accepted&review_status_list=pending&search=caf%C3%A9%20bar&offset=10>; rel=\"prev\"");
    }

    @Test
    void theFirstPageHasOnlyNextAndTheLastOnlyPrev() {
        MockHttpServletRequest first = request("prospect_search_id=" + SEARCH + "&limit=10");
        assertThat(links(first, page(10, 0, 10, 15))).contains(
                "<https://api.prospectdata.example/api/v1/companies/?prospect_search_id=" + SEARCH + "&limit=10&offset=10>; rel=\"next\"");
        MockHttpServletRequest last = request("prospect_search_id=" + SEARCH + "&limit=10&offset=10");
        assertThat(links(last, page(10, 10, 5, 15))).contains(
                "<https://api.prospectdata.example/api/v1/companies/?prospect_search_id=" + SEARCH + "&limit=10&offset=0>; rel=\"prev\"");
    }

    @Test
    void aSinglePageHasNoLinkAndPrevNeverGoesBelowZero() {
        MockHttpServletRequest single = request("prospect_search_id=" + SEARCH);
        assertThat(links(single, page(50, 0, 3, 3))).isEmpty();
        MockHttpServletRequest pastTheEnd = request("prospect_search_id=" + SEARCH + "&offset=3");
        assertThat(links(pastTheEnd, page(50, 3, 0, 3))).contains(
                "<https://api.prospectdata.example/api/v1/companies/?prospect_search_id=" + SEARCH + "&offset=0>; rel=\"prev\"");
    }

    @Test
    void theRequestsOriginHasItsPortWhenItIsNotHttpssOwn() {
        MockHttpServletRequest request = request("prospect_search_id=" + SEARCH + "&offset=3");
        request.setServerName("[2001:db8::1]");
        request.setServerPort(8443);

        assertThat(read(request).requestOrigin()).isEqualTo("https://[2001:db8::1]:8443");
    }

    /** With app.public-base-url, the links name it, whatever host the request named. */
    @Test
    void aPublicBaseUrlIsTheOriginOfEveryLink() {
        MockHttpServletRequest request = request("prospect_search_id=" + SEARCH + "&limit=10");
        request.setServerName("evil.example");

        assertThat(PageLinks.of("https://api.example.com:8443", read(request), page(10, 0, 10, 15), "NEXT")).contains(
                "<https://api.example.com:8443/api/v1/companies/?prospect_search_id=" + SEARCH + "&limit=10&offset=10>; rel=\"next\"");
    }

    /** After a cursor page the next link changes only the cursor, and there is no way back. */
    @Test
    void aCursorPageLinksOnlyTheNextCursor() {
        MockHttpServletRequest request = request("prospect_search_id=" + SEARCH + "&limit=2&cursor=AAAA");
        Page<Integer> cursorPage = Page.of(List.of(1, 2, 3), 99, new PageRequest(2, 40, Keyset.of(0)), Keyset::of);

        assertThat(links(request, cursorPage)).contains(
                "<https://api.prospectdata.example/api/v1/companies/?prospect_search_id=" + SEARCH + "&limit=2&cursor=NEXT>; rel=\"next\"");
    }
}
