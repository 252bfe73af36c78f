package com.prospectdata.features.companies;

import com.prospectdata.generated.model.ReviewStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The list's filters as the partner gave them, resolved: {@code reviewStatuses} is empty for
 * "any status", {@code search} the term as given (CompanyCriteria trims and escapes it),
 * {@code updatedSince} the earliest {@code updated_at} wanted. Every component becomes a
 * condition in CompanyCriteria, the one place that turns a filter into SQL.
 */
record CompanyFilter(UUID prospectSearchId, Optional<Double> minMatchScore,
                            List<ReviewStatus> reviewStatuses, Optional<String> search,
                            Optional<Instant> updatedSince) {
}
