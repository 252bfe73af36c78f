package com.prospectdata.features.companies;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.generated.model.ReviewStatus;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Every filter of the companies list goes through CompanyCriteria, so that the live query and
 * the stored counts cannot disagree: a component added to CompanyFilter without its criterion
 * fails here, before a first page's total could silently ignore it.
 */
class CompanyCriteriaTest {

    private static final CompanyFilter EVERY_FILTER_SET = new CompanyFilter(UUID.randomUUID(), 6.5,
            List.of(ReviewStatus.ACCEPTED), "gmbh", Instant.parse("2026-11-01T00:00:00Z"));

    @Test
    void everyComponentOfTheFilterHasItsCriterion() {
        List<String> components = Arrays.stream(CompanyFilter.class.getRecordComponents()).map(RecordComponent::getName).toList();

        List<String> criteria = CompanyCriteria.of(CompanyCriteria.Shape.of(EVERY_FILTER_SET)).criteria().stream()
                .map(CompanyCriteria.Criterion::filter).toList();

        assertThat(criteria).containsExactlyInAnyOrderElementsOf(components);
    }

    @Test
    void theStoredCountsAnswerOnlyWhenEveryCriterionHasThemAndThenForTheSameFilters() {
        CompanyFilter scoreAndStatus = new CompanyFilter(UUID.randomUUID(), 6.5, List.of(ReviewStatus.ACCEPTED, ReviewStatus.PENDING),
                null, null);
        CompanyCriteria counted = CompanyCriteria.of(CompanyCriteria.Shape.of(scoreAndStatus));

        assertThat(counted.onStoredCounts()).isPresent();
        assertThat(counted.criteria()).allSatisfy(criterion -> assertThat(criterion.onStoredCounts()).isNotNull());
        assertThat(CompanyCriteria.of(CompanyCriteria.Shape.of(EVERY_FILTER_SET)).onStoredCounts()).isEmpty();
        assertThat(CompanyCriteria.of(CompanyCriteria.Shape.of(new CompanyFilter(UUID.randomUUID(), null, List.of(),
                "  ", null))).onStoredCounts()).as("a blank search is no filter").isPresent();
    }
}
