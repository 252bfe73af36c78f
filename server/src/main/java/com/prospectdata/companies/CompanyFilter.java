package com.prospectdata.companies;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The list's filters, already resolved: {@code reviewStatuses} is empty for "any status", and
 * {@code searchPattern} is an escaped LIKE pattern (see SearchPattern).
 */
public record CompanyFilter(UUID prospectSearchId, Optional<Double> minMatchScore,
                            List<String> reviewStatuses, Optional<String> searchPattern) {
}
