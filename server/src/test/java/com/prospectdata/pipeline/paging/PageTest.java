package com.prospectdata.pipeline.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The envelope's arithmetic, in one place for the three lists (docs/api-rules.md §3). */
class PageTest {

    private static Page<Integer> page(int limit, int offset, int returned, long total) {
        return Page.of(Collections.nCopies(returned, 0), total, new PageRequest(limit, offset), Keyset::of);
    }

    /** A cursor page given the rows its query read: one more than its limit when more follow. */
    private static Page<Integer> cursorPage(int limit, int walked, int read, long total) {
        List<Integer> rows = java.util.stream.IntStream.range(0, read).boxed().toList();
        return Page.of(rows, total, new PageRequest(limit, walked, Keyset.of(-1)), Keyset::of);
    }

    @Test
    void aCursorPageKnowsFromItsExtraRowWhetherMoreFollowWhateverTheTotalSays() {
        Page<Integer> more = cursorPage(10, 20, 11, 5);
        assertThat(more.items()).hasSize(10);
        assertThat(more.hasMore()).isTrue();
        assertThat(more.nextAfter()).contains(Keyset.of(9));
        assertThat(more.offset()).isEqualTo(20);
        assertThat(more.hasPrevious()).isFalse();

        Page<Integer> last = cursorPage(10, 20, 10, 1000);
        assertThat(last.items()).hasSize(10);
        assertThat(last.hasMore()).isFalse();
        assertThat(last.nextAfter()).isEmpty();
    }

    @Test
    void anOffsetPageWithMoreCarriesItsLastItemsKey() {
        Page<Integer> page = Page.of(List.of(4, 5, 6), 10, new PageRequest(3, 3), Keyset::of);
        assertThat(page.nextAfter()).contains(Keyset.of(6));
        assertThat(Page.of(List.of(7, 8, 9), 9, new PageRequest(3, 6), Keyset::of).nextAfter()).isEmpty();
    }

    @Test
    void hasMoreWhenItemsRemainAfterThisPage() {
        assertThat(page(10, 0, 10, 23).hasMore()).isTrue();
        assertThat(page(10, 10, 10, 23).hasMore()).isTrue();
        assertThat(page(10, 20, 3, 23).hasMore()).isFalse();
        assertThat(page(10, 13, 10, 23).hasMore()).isFalse();
    }

    @Test
    void pastTheEndThereIsNothingMoreAndTheTotalStays() {
        Page<Integer> pastTheEnd = Page.pastTheEnd(23, new PageRequest(10, 100));
        assertThat(pastTheEnd.hasMore()).isFalse();
        assertThat(pastTheEnd.hasPrevious()).isTrue();
        assertThat(pastTheEnd.total()).isEqualTo(23);
        assertThat(page(50, 0, 0, 0).hasMore()).isFalse();
        assertThat(page(50, 0, 0, 0).hasPrevious()).isFalse();
    }

    @Test
    void hugeOffsetsDoNotOverflow() {
        assertThat(page(100, Integer.MAX_VALUE, 100, Long.MAX_VALUE).hasMore()).isTrue();
        assertThat(page(100, Integer.MAX_VALUE, 0, 5).hasMore()).isFalse();
    }

    @Test
    void mappingKeepsTheEnvelope() {
        Page<String> mapped = page(10, 20, 3, 23).map(String::valueOf);
        assertThat(mapped.items()).containsExactly("0", "0", "0");
        assertThat(mapped.total()).isEqualTo(23);
        assertThat(mapped.limit()).isEqualTo(10);
        assertThat(mapped.offset()).isEqualTo(20);
        assertThat(mapped.hasMore()).isFalse();
    }

    @Test
    void rejectsImpossiblePages() {
        assertThatThrownBy(() -> new PageRequest(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PageRequest(10, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
