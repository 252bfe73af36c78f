package com.prospectdata.features.companies;

import java.util.Optional;

/**
 * Turns the {@code search} parameter into a LIKE pattern for a substring match in which
 * {@code %}, {@code _} and {@code \} stand for themselves (docs/api-rules.md §3).
 */
final class SearchPattern {

    static final char ESCAPE = '\\';

    private SearchPattern() {
    }

    /** The pattern for a trimmed, non-empty term; empty when there is nothing to search for. */
    static Optional<String> contains(String search) {
        if (search == null || search.isBlank()) {
            return Optional.empty();
        }
        String term = search.strip();
        StringBuilder pattern = new StringBuilder(term.length() + 8).append('%');
        for (int i = 0; i < term.length(); i++) {
            char c = term.charAt(i);
            if (c == '%' || c == '_' || c == ESCAPE) {
                pattern.append(ESCAPE);
            }
            pattern.append(c);
        }
        return Optional.of(pattern.append('%').toString());
    }
}
