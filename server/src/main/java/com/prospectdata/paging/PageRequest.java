package com.prospectdata.paging;

/** An offset page as the API takes it; the arithmetic of the envelope lives here. */
public record PageRequest(int limit, int offset) {

    public PageRequest {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive");
        }
        if (offset < 0) {
            throw new IllegalArgumentException("offset must not be negative");
        }
    }

    /** True when items exist after this page: {@code offset + returned < total}. */
    public boolean hasMore(int returned, long total) {
        return (long) offset + returned < total;
    }
}
