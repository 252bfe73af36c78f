package com.prospectdata.pipeline.paging;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.WebTierTest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Cursor pagination on the four lists (docs/api-rules.md §12): a walk by cursor returns what a
 * walk by offset returns while the data stands still, every page that has more carries
 * {@code next_cursor}, and a cursor that is not this list's, for these parameters, for this
 * organization, is a 400 naming {@code cursor}, whatever is wrong with it.
 */
class CursorPagingWebTest extends WebTierTest {

    private static final String COMPANIES = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;
    private static final String JOBS = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs?days_back=365";
    private static final String TECHNOLOGIES = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel";
    private static final String SEARCHES = "/api/v1/prospect-searches/";

    /** Each list, its array's name and the field that identifies an item. */
    static Stream<Arguments> lists() {
        return Stream.of(
                Arguments.of(COMPANIES, "items", "id"),
                Arguments.of(JOBS, "jobs", "id"),
                Arguments.of(TECHNOLOGIES, "technologies", "name"),
                Arguments.of(SEARCHES, "items", "id"));
    }

    private static String with(String path, String query) {
        return path + (path.contains("?") ? "&" : "?") + query;
    }

    private List<String> walkByOffset(String path, String array, String id, int limit) throws Exception {
        List<String> ids = new ArrayList<>();
        for (int offset = 0; ; offset += limit) {
            JsonNode page = ok(with(path, "limit=" + limit + "&offset=" + offset));
            page.get(array).forEach(item -> ids.add(item.get(id).stringValue()));
            if (!page.get("has_more").booleanValue()) {
                assertThat(page.has("next_cursor")).isFalse();
                return ids;
            }
            assertThat(page.get("next_cursor").stringValue()).hasSizeLessThanOrEqualTo(512).matches("[A-Za-z0-9_-]+");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lists")
    void aWalkByCursorReturnsWhatAWalkByOffsetReturnsAndEachPageSaysWhereItIs(String path, String array, String id)
            throws Exception {
        List<String> byOffset = walkByOffset(path, array, id, 2);
        assertThat(byOffset).hasSizeGreaterThan(2).doesNotHaveDuplicates();

        List<String> byCursor = new ArrayList<>();
        Answer first = fetch(with(path, "limit=2"));
        JsonNode page = first.json();
        String link = first.header("Link");
        int pages = 1;
        while (true) {
            assertThat(page.get("offset").intValue()).as("the items this walk returned before the page").isEqualTo(byCursor.size());
            page.get(array).forEach(item -> byCursor.add(item.get(id).stringValue()));
            if (!page.get("has_more").booleanValue()) {
                break;
            }
            String cursor = page.get("next_cursor").stringValue();
            Answer next = fetch(with(path, "limit=2&cursor=" + cursor));
            assertThat(next.status()).as("%s", next).isEqualTo(200);
            if (pages > 1) {
                // After a cursor page the next link names the cursor, and there is no way back.
                assertThat(link).endsWith("cursor=" + cursor + ">; rel=\"next\"").doesNotContain("rel=\"prev\"");
            }
            link = next.header("Link");
            page = next.json();
            pages++;
        }
        assertThat(byCursor).containsExactlyElementsOf(byOffset);
        assertThat(page.get("total").longValue()).isEqualTo(byOffset.size());
    }

    @Test
    void aWalkMayChangeItsPageSizeAndSwitchFromOffsetToCursor() throws Exception {
        List<String> all = walkByOffset(COMPANIES, "items", "id", 100);
        JsonNode third = ok(with(COMPANIES, "limit=3&offset=6"));
        JsonNode rest = ok(with(COMPANIES, "limit=100&cursor=" + third.get("next_cursor").stringValue()));

        assertThat(rest.get("offset").intValue()).isEqualTo(9);
        assertThat(rest.get("items").valueStream().map(item -> item.get("id").stringValue()).toList())
                .containsExactlyElementsOf(all.subList(9, all.size()));
        assertThat(rest.get("has_more").booleanValue()).isFalse();
    }

    private String cursorOf(String path) throws Exception {
        return ok(with(path, "limit=1")).get("next_cursor").stringValue();
    }

    /** Every way a cursor can be wrong, by class; each is a 400 naming cursor. */
    static Stream<Arguments> wrongCursors() {
        return Stream.of(
                Arguments.of("empty", "cursor="),
                Arguments.of("blank", "cursor=%20"),
                Arguments.of("NUL", "cursor=AAAA%00"),
                Arguments.of("a line break after it", "cursor=AAAA%0A"),
                Arguments.of("other notation (base64 with padding)", "cursor=AAAA%3D"),
                Arguments.of("other notation (standard base64)", "cursor=AA%2BA"),
                Arguments.of("too long", "cursor=" + "A".repeat(513)),
                Arguments.of("too short to hold anything", "cursor=AA"),
                Arguments.of("made up", "cursor=" + Base64.getUrlEncoder().withoutPadding().encodeToString(new byte[60])),
                Arguments.of("not UTF-8 characters", "cursor=%C3%A9"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wrongCursors")
    void aMalformedOrMadeUpCursorIsRefusedNamingIt(String kind, String query) throws Exception {
        assertRefusedNamingCursor(fetchResponseOnly(with(COMPANIES, query)));
    }

    @Test
    void anAlteredOrCutCursorIsRefused() throws Exception {
        String cursor = cursorOf(COMPANIES);
        char last = cursor.charAt(cursor.length() - 1);
        assertRefusedNamingCursor(fetch(with(COMPANIES, "cursor=" + cursor.substring(0, cursor.length() - 1))));
        assertRefusedNamingCursor(fetch(with(COMPANIES, "cursor=" + cursor.substring(0, cursor.length() - 1) + (last == 'A' ? 'B' : 'A'))));
        char first = cursor.charAt(0);
        assertRefusedNamingCursor(fetch(with(COMPANIES, "cursor=" + (first == 'A' ? 'B' : 'A') + cursor.substring(1))));
        assertRefusedNamingCursor(fetch(with(COMPANIES, "cursor=" + cursor.substring(0, 10) + cursor.substring(11))));
    }

    @Test
    void aCursorIsBoundToItsListItsFiltersAndItsOrganization() throws Exception {
        String companies = cursorOf(COMPANIES);
        // Another list, another search, other filters.
        assertRefusedNamingCursor(fetch(with(JOBS, "cursor=" + companies)));
        assertRefusedNamingCursor(fetch(with(SEARCHES, "cursor=" + companies)));
        assertRefusedNamingCursor(fetch(with("/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_BRANCHES, "cursor=" + companies)));
        assertRefusedNamingCursor(fetch(with(COMPANIES, "min_match_score=1&cursor=" + companies)));
        assertRefusedNamingCursor(fetch(with(JOBS.replace(Fixture.COMPANY_NORDLICHT, Fixture.COMPANY_SEEBLICK),
                "cursor=" + cursorOf(JOBS))));
        // Another organization's key, on its own search.
        assertRefusedNamingCursor(send(callWith(keys().otherOrganization(),
                "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_OTHER_ORG + "&cursor=" + companies)));
        // The same filters in another order, and another page size, are the same walk.
        assertThat(fetch(with(COMPANIES, "limit=7&cursor=" + companies)).status()).isEqualTo(200);
    }

    @Test
    void aCursorWithAnOffsetOrTwoCursorsAreRefused() throws Exception {
        String cursor = cursorOf(COMPANIES);
        assertRefusedNamingCursor(fetch(with(COMPANIES, "offset=0&cursor=" + cursor)));
        assertRefusedNamingCursor(fetchResponseOnly(with(COMPANIES, "cursor=" + cursor + "&cursor=" + cursor)));
    }

    private static void assertRefusedNamingCursor(Answer answer) {
        assertThat(answer.status()).as("%s", answer).isEqualTo(400);
        assertThat(answer.json().get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
        assertThat(answer.json().get("message").stringValue()).contains("cursor");
    }
}
