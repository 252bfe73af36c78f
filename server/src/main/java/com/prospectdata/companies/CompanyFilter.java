package com.prospectdata.companies;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The list's filters, already resolved: {@code reviewStatuses} is empty for "any status", and
 * {@code searchPattern} is an escaped LIKE pattern (see SearchPattern), {@code updatedSince} the
 * earliest {@code updated_at} wanted.
 */
public record CompanyFilter(UUID prospectSearchId, Optional<Double> minMatchScore,
                            List<String> reviewStatuses, Optional<String> searchPattern,
                            Optional<Instant> updatedSince) {

    /** True when the stored counts per score and status (migration V2) count exactly this filter's companies. */
    boolean countedByScoreAndStatus() {
        return searchPattern.isEmpty() && updatedSince.isEmpty();
    }
}
