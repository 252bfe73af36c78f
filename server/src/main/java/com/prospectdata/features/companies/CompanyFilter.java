package com.prospectdata.features.companies;

import com.prospectdata.generated.model.ReviewStatus;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The list's filters as the partner gave them, resolved: {@code reviewStatuses} is empty for
 * "any status", {@code search} the term as given (CompanyCriteria trims and escapes it),
 * {@code updatedSince} the earliest {@code updated_at} wanted. Every component becomes a
 * condition in CompanyCriteria, the one place that turns a filter into SQL.
 */
record CompanyFilter(UUID prospectSearchId, @Nullable Double minMatchScore,
                            List<ReviewStatus> reviewStatuses, @Nullable String search,
                            @Nullable Instant updatedSince) {

    /** The filters as an operation's parameters give them: {@code review_status_list} wins over {@code review_status}. */
    static CompanyFilter of(UUID prospectSearchId, @Nullable Double minMatchScore, @Nullable ReviewStatus reviewStatus,
                            @Nullable List<ReviewStatus> reviewStatusList, @Nullable String search,
                            @Nullable OffsetDateTime updatedSince) {
        List<ReviewStatus> statuses = reviewStatusList != null && !reviewStatusList.isEmpty()
                ? reviewStatusList
                : Optional.ofNullable(reviewStatus).map(List::of).orElse(List.of());
        return new CompanyFilter(prospectSearchId, minMatchScore, statuses.stream().distinct().sorted().toList(),
                search, updatedSince == null ? null : updatedSince.toInstant());
    }
}
