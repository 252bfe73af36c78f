package com.prospectdata.pipeline.paging;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A page as the API takes it: {@code limit} items after skipping {@code offset}, or, for a page
 * asked for by cursor, {@code limit} items strictly after the key {@code after}, where
 * {@code offset} is the number of items the walk returned before (docs/api-rules.md §12).
 */
public record PageRequest(int limit, int offset, @Nullable Keyset after) {

    public PageRequest {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive");
        }
        if (offset < 0) {
            throw new IllegalArgumentException("offset must not be negative");
        }
    }

    public PageRequest(int limit, int offset) {
        this(limit, offset, null);
    }

    /** The key the page starts after, for a page asked for by cursor. */
    public Optional<Keyset> cursorPosition() {
        return Optional.ofNullable(after);
    }

    /** How many rows a cursor page reads: one more than it returns, to tell whether more follow. */
    public int rowsToRead() {
        return after == null ? limit : limit + 1;
    }
}
