package com.prospectdata.pipeline.paging;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * An item's place in its list's order: the values of the order's columns, in the order's order
 * (docs/api-rules.md §3), each a {@link Double}, {@link Integer}, {@link Instant}, {@link UUID}
 * or {@link Text}. A cursor carries the key of the last item of the page that issued it, and the
 * next page starts strictly after it.
 */
public record Keyset(List<Object> values) {

    public Keyset {
        values = List.copyOf(values);
        for (Object value : values) {
            if (!(value instanceof Double || value instanceof Integer || value instanceof Instant || value instanceof UUID
                    || value instanceof Text)) {
                throw new IllegalArgumentException("A keyset value is a Double, Integer, Instant, UUID or Text, not " + value);
            }
        }
    }

    public static Keyset of(Object... values) {
        return new Keyset(List.of(values));
    }

    /** The value at {@code index}, of the type the list's order has there; a cursor of another shape was refused before. */
    public <T> T get(int index, Class<T> type) {
        return type.cast(values.get(index));
    }

    /**
     * A text column's value. A cursor has room for {@link Cursors#MAX_TEXT_BYTES} bytes of text;
     * a longer value travels as its first bytes ({@code whole} false), and the page after it
     * starts at that prefix instead: it may then repeat items whose text begins with those bytes,
     * but it misses none (docs/api-rules.md §12).
     */
    public record Text(String value, boolean whole) {

        public static Text of(String value) {
            return new Text(value, true);
        }
    }
}
