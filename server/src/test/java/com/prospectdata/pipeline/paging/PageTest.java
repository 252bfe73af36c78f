package com.prospectdata.pipeline.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Collections;
import org.junit.jupiter.api.Test;

/** The envelope's arithmetic, in one place for the three lists (docs/api-rules.md §3). */
class PageTest {

    private static Page<Integer> page(int limit, int offset, int returned, long total) {
        return new Page<>(Collections.nCopies(returned, 0), total, new PageRequest(limit, offset));
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
