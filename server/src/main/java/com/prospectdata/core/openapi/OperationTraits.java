package com.prospectdata.core.openapi;

import java.util.List;
import java.util.Map;

/**
 * How the server treats an operation, as the document declares it with {@code x-} extensions
 * (the document's "Operation traits"): read at start-up, so a new operation needs its entry in
 * the document and its delegate, and no list in Java.
 *
 * @param requiredScopes {@code x-required-scopes}: every scope the caller's key must have
 * @param rateLimitCost  {@code x-rate-limit-cost}: the tokens a request takes from the key's bucket
 * @param versioned      {@code x-versioned}: the answer follows the organization's data version and
 *                       the request alone, so its validator is known before any query
 * @param workKind       {@code x-work-kind}: which load-shedding slots a request takes
 * @param heavyWhen      {@code x-heavy-when}: query parameters whose value makes a request heavy
 * @param streams        {@code x-streams}: the 200's body is written as it is read, on a thread of its
 *                       own once the handler has returned, for as long as the client reads it: it is
 *                       never held back whole (no validator, no buffer), a wait for its slot sets no
 *                       deadline, and what it holds is held until the stream ends
 */
public record OperationTraits(List<String> requiredScopes, int rateLimitCost, boolean versioned, WorkKind workKind,
                              Map<String, HeavyWhen> heavyWhen, boolean streams) {

    public OperationTraits {
        requiredScopes = List.copyOf(requiredScopes);
        heavyWhen = Map.copyOf(heavyWhen);
    }

    /**
     * The slots a request waits for under load (docs/OPERATIONS.md, "Overload"). An export
     * streams a whole search for as long as its client reads: it has slots of its own.
     */
    public enum WorkKind {
        LIGHT, LIST, HEAVY, EXPORT;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** What a parameter's raw value must be for the request to be heavy. */
    public enum HeavyWhen {
        /** Text that is present and not blank: a search term. */
        NON_BLANK("non-blank"),
        /** ASCII digits at or beyond {@code app.load.deep-offset}. */
        DEEP("deep");

        private final String wireName;

        HeavyWhen(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }
    }
}
