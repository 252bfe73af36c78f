package com.prospectdata.pipeline.paging;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.DatabaseServer;
import com.prospectdata.webtier.WebTierTest;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** The {@code Link} header of the three lists (RFC 8288): following it walks the pages exactly. */
@Tag(DatabaseServer.TAG)
class PageLinksWebTest extends WebTierTest {

    private static final Pattern LINK = Pattern.compile("<([^>]*)>; rel=\"(next|prev)\"");

    /** A list, a filter that keeps several items, and the name of its array. */
    static Stream<Arguments> lists() {
        String company = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
        return Stream.of(
                Arguments.of("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN
                        + "&review_status_list=accepted&review_status_list=pending&search=%20e%20", "items"),
                Arguments.of(company + "/jobs?days_back=365", "jobs"),
                Arguments.of(company + "/webtech-intel?min_confidence=10", "technologies"));
    }

    private static Map<String, String> links(Answer response) {
        Map<String, String> links = new LinkedHashMap<>();
        String header = response.header("Link");
        if (header != null) {
            Matcher link = LINK.matcher(header);
            while (link.find()) {
                links.put(link.group(2), link.group(1));
            }
            assertThat(header.split(", ")).as("every link is well-formed: %s", header).hasSize(links.size());
        }
        return links;
    }

    private static List<String> idsOf(JsonNode page, String array) {
        List<String> ids = new ArrayList<>();
        page.get(array).forEach(item -> ids.add(item.has("id") ? item.get("id").asString() : item.get("name").asString()));
        return ids;
    }

    /** The absolute link as a request to the application: same path and query. */
    private static String local(String link) {
        URI uri = URI.create(link);
        assertThat(uri.isAbsolute()).as("links are absolute: %s", link).isTrue();
        return uri.getRawPath() + "?" + uri.getRawQuery();
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("lists")
    void followingNextVisitsEveryItemOnceAndPrevWalksBack(String request, String array) throws Exception {
        Answer everything = fetch(request);
        List<String> all = idsOf(everything.json(), array);
        assertThat(all).as("the filter keeps several items").hasSizeGreaterThan(3);
        assertThat(everything.header("Link")).as("a single page has no neighbours").isNull();

        List<String> visited = new ArrayList<>();
        List<String> pages = new ArrayList<>();
        String next = request + "&limit=2";
        while (next != null) {
            Answer page = fetch(next);
            assertThat(page.status()).isEqualTo(200);
            pages.add(next);
            visited.addAll(idsOf(page.json(), array));
            Map<String, String> links = links(page);
            assertThat(links.containsKey("prev")).as("prev exactly when offset > 0: %s", next).isEqualTo(pages.size() > 1);
            assertThat(links.containsKey("next")).as("next exactly when has_more: %s", next)
                    .isEqualTo(page.json().get("has_more").asBoolean());
            next = links.containsKey("next") ? local(links.get("next")) : null;
        }
        assertThat(visited).isEqualTo(all);

        // Back from the last page: each prev is the page before it.
        String prev = pages.getLast();
        for (int index = pages.size() - 1; index > 0; index--) {
            prev = local(links(fetch(prev)).get("prev"));
            assertThat(idsOf(fetch(prev).json(), array)).isEqualTo(idsOf(fetch(pages.get(index - 1)).json(), array));
        }
    }
}
