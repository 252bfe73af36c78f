package com.prospectdata.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PageRequestTest {

    @Test
    void hasMoreWhenItemsRemainAfterThisPage() {
        assertThat(new PageRequest(10, 0).hasMore(10, 23)).isTrue();
        assertThat(new PageRequest(10, 10).hasMore(10, 23)).isTrue();
        assertThat(new PageRequest(10, 20).hasMore(3, 23)).isFalse();
        assertThat(new PageRequest(10, 13).hasMore(10, 23)).isFalse();
    }

    @Test
    void pastTheEndThereIsNothingMore() {
        assertThat(new PageRequest(10, 100).hasMore(0, 23)).isFalse();
        assertThat(new PageRequest(50, 0).hasMore(0, 0)).isFalse();
    }

    @Test
    void hugeOffsetsDoNotOverflow() {
        assertThat(new PageRequest(100, Integer.MAX_VALUE).hasMore(100, Long.MAX_VALUE)).isTrue();
        assertThat(new PageRequest(100, Integer.MAX_VALUE).hasMore(0, 5)).isFalse();
    }

    @Test
    void rejectsImpossiblePages() {
        assertThatThrownBy(() -> new PageRequest(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PageRequest(10, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
