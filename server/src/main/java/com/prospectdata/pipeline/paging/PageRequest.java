package com.prospectdata.pipeline.paging;

/** An offset page as the API takes it: {@code limit} items after skipping {@code offset}. */
public record PageRequest(int limit, int offset) {

    public PageRequest {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be positive");
        }
        if (offset < 0) {
            throw new IllegalArgumentException("offset must not be negative");
        }
    }
}
