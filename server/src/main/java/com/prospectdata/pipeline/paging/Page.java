package com.prospectdata.pipeline.paging;

import java.util.List;
import java.util.function.Function;

/**
 * One page of a list: its items, how many items the filtered list holds, and the request it
 * answers. What the envelope says beyond the items ({@code total}, {@code limit},
 * {@code offset}, {@code has_more}) and the {@code Link} header are computed from this, once,
 * for all three lists (docs/api-rules.md §3).
 */
public record Page<T>(List<T> items, long total, PageRequest request) {

    public Page {
        items = List.copyOf(items);
    }

    /** An offset past the end: no items, and still the full count. */
    public static <T> Page<T> pastTheEnd(long total, PageRequest request) {
        return new Page<>(List.of(), total, request);
    }

    public int limit() {
        return request.limit();
    }

    public int offset() {
        return request.offset();
    }

    /** True when items exist after this page: {@code offset + items returned < total}. */
    public boolean hasMore() {
        return (long) request.offset() + items.size() < total;
    }

    /** True when items exist before this page. */
    public boolean hasPrevious() {
        return request.offset() > 0;
    }

    /** The same page with each item mapped, for instance from a row to its DTO. */
    public <U> Page<U> map(Function<? super T, ? extends U> mapper) {
        return new Page<>(items.stream().<U>map(mapper).toList(), total, request);
    }
}
