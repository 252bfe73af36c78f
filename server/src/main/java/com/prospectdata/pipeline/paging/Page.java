package com.prospectdata.pipeline.paging;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One page of a list: its items, how many items the filtered list holds, the request it answers,
 * whether items follow it and, when they do, the key of its last item, from which a cursor to the
 * next page is made. What the envelope says beyond the items ({@code total}, {@code limit},
 * {@code offset}, {@code has_more}, {@code next_cursor}) and the {@code Link} header are computed
 * from this, once, for every list (docs/api-rules.md §3, §12).
 */
public record Page<T>(List<T> items, long total, PageRequest request, boolean hasMore, @Nullable Keyset lastKey) {

    public Page {
        items = List.copyOf(items);
        if (hasMore && lastKey == null) {
            throw new IllegalArgumentException("A page with more items after it has the key of its last item");
        }
    }

    /**
     * The page of {@code read}, the rows its query returned: for an offset page, the page
     * itself, with more after it while {@code offset + items < total}; for a cursor page, up to
     * {@link PageRequest#rowsToRead()} rows, the last of which, when there, only says that more
     * follow. {@code keyOf} gives an item's place in the order.
     */
    public static <T> Page<T> of(List<T> read, long total, PageRequest request, Function<? super T, Keyset> keyOf) {
        List<T> items = read.size() > request.limit() ? read.subList(0, request.limit()) : read;
        boolean hasMore = request.cursorPosition().isPresent()
                ? read.size() > request.limit()
                : (long) request.offset() + items.size() < total;
        return new Page<>(items, total, request, hasMore, hasMore ? keyOf.apply(items.getLast()) : null);
    }

    /** A page without items (past the end, or nothing matches), with the full count still. */
    public static <T> Page<T> pastTheEnd(long total, PageRequest request) {
        return new Page<>(List.of(), total, request, false, null);
    }

    public int limit() {
        return request.limit();
    }

    public int offset() {
        return request.offset();
    }

    /** True when items exist before this page and it was asked for by offset: a cursor page has no link back. */
    public boolean hasPrevious() {
        return request.offset() > 0 && request.cursorPosition().isEmpty();
    }

    /** The key the next page starts after, when items follow. */
    public Optional<Keyset> nextAfter() {
        return Optional.ofNullable(lastKey);
    }

    /** The same page with each item mapped, for instance from a row to its DTO. */
    public <U> Page<U> map(Function<? super T, ? extends U> mapper) {
        return new Page<>(items.stream().<U>map(mapper).toList(), total, request, hasMore, lastKey);
    }
}
