package com.prospectdata.features.companies;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH_SCORE_COUNT;
import static org.jooq.impl.DSL.and;
import static org.jooq.impl.DSL.exists;
import static org.jooq.impl.DSL.lower;
import static org.jooq.impl.DSL.param;
import static org.jooq.impl.DSL.selectOne;

import com.prospectdata.generated.model.ReviewStatus;
import com.prospectdata.core.sqltypes.RenderedQuery;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.IntStream;
import org.jooq.Condition;
import org.jooq.Param;
import org.jspecify.annotations.Nullable;

/**
 * Every filter of the companies list as SQL, in one place for both ways the list is counted: each
 * criterion is a condition on the companies and, when the stored counts per score and status
 * (migration V2) can answer it, the same condition on them. A filter those counts cannot answer
 * (a text search, {@code updated_since}) sends the whole list down the path that counts while
 * it finds; a filter added here cannot be forgotten by the totals.
 *
 * <p>The conditions hold named parameters, not the filter's values: their SQL depends only on
 * the filter's {@link Shape}, so {@link CompanyListStatements} renders each statement once per
 * shape ({@link RenderedQuery}) and {@link #bind} gives the parameters this filter's values.
 */
final class CompanyCriteria {

    static final Param<UUID> PROSPECT_SEARCH_ID = param("prospectSearchId", UUID.class);
    private static final Param<Double> MIN_MATCH_SCORE = param("minMatchScore", COMPANY.MATCH_SCORE.getDataType());
    /** One parameter per status a filter can name; a filter names each at most once. */
    private static final List<Param<ReviewStatus>> REVIEW_STATUSES = IntStream.range(0, ReviewStatus.values().length)
            .mapToObj(i -> param("reviewStatus" + i, COMPANY.REVIEW_STATUS.getDataType()))
            .toList();
    private static final Param<String> PATTERN = param("pattern", String.class);
    private static final Param<Instant> UPDATED_SINCE = param("updatedSince", COMPANY.UPDATED_AT.getDataType());

    /**
     * One filter: which one ({@code CompanyFilter}'s component), on the companies, on the stored
     * counts (null when they cannot answer it).
     */
    record Criterion(String filter, Condition onCompanies, @Nullable Condition onStoredCounts) {
    }

    /** How a search term is matched: not at all, within one value, or value by value (a term with a line break). */
    enum SearchForm { NONE, ONE_VALUE, VALUE_BY_VALUE }

    /** What decides the filter's SQL: which filters are set, how many statuses, the search's form. */
    record Shape(boolean minMatchScore, int reviewStatuses, SearchForm search, boolean updatedSince) {

        static Shape of(CompanyFilter filter) {
            SearchForm search = pattern(filter)
                    .map(pattern -> pattern.indexOf('\n') < 0 ? SearchForm.ONE_VALUE : SearchForm.VALUE_BY_VALUE)
                    .orElse(SearchForm.NONE);
            return new Shape(filter.minMatchScore() != null, statuses(filter).size(), search,
                    filter.updatedSince() != null);
        }
    }

    private final Shape shape;
    private final List<Criterion> criteria;
    private final List<Param<?>> variables;

    private CompanyCriteria(Shape shape, List<Criterion> criteria, List<Param<?>> variables) {
        this.shape = shape;
        this.criteria = List.copyOf(criteria);
        this.variables = List.copyOf(variables);
    }

    static CompanyCriteria of(Shape shape) {
        List<Criterion> criteria = new ArrayList<>();
        List<Param<?>> variables = new ArrayList<>();
        variables.add(PROSPECT_SEARCH_ID);
        criteria.add(new Criterion("prospectSearchId", COMPANY.PROSPECT_SEARCH_ID.eq(PROSPECT_SEARCH_ID),
                PROSPECT_SEARCH_SCORE_COUNT.PROSPECT_SEARCH_ID.eq(PROSPECT_SEARCH_ID)));
        if (shape.minMatchScore()) {
            variables.add(MIN_MATCH_SCORE);
            criteria.add(new Criterion("minMatchScore", COMPANY.MATCH_SCORE.ge(MIN_MATCH_SCORE),
                    PROSPECT_SEARCH_SCORE_COUNT.MATCH_SCORE.ge(MIN_MATCH_SCORE)));
        }
        if (shape.reviewStatuses() > 0) {
            List<Param<ReviewStatus>> statuses = REVIEW_STATUSES.subList(0, shape.reviewStatuses());
            variables.addAll(statuses);
            criteria.add(new Criterion("reviewStatuses", COMPANY.REVIEW_STATUS.in(statuses),
                    PROSPECT_SEARCH_SCORE_COUNT.REVIEW_STATUS.in(statuses)));
        }
        if (shape.search() != SearchForm.NONE) {
            variables.add(PATTERN);
            criteria.add(new Criterion("search", textMatches(shape.search()), null));
        }
        if (shape.updatedSince()) {
            variables.add(UPDATED_SINCE);
            criteria.add(new Criterion("updatedSince", COMPANY.UPDATED_AT.ge(UPDATED_SINCE), null));
        }
        return new CompanyCriteria(shape, criteria, variables);
    }

    Shape shape() {
        return shape;
    }

    List<Criterion> criteria() {
        return criteria;
    }

    /** The named parameters of {@link #onCompanies()} and {@link #onStoredCounts()}. */
    List<Param<?>> variables() {
        return variables;
    }

    /** The companies the filter lets through. */
    Condition onCompanies() {
        return and(criteria.stream().map(Criterion::onCompanies).toList());
    }

    /** Whether the stored counts know every criterion, so that {@link #onStoredCounts()} is present. */
    boolean countsStored() {
        return criteria.stream().allMatch(criterion -> criterion.onStoredCounts() != null);
    }

    /** The stored counts of exactly those companies; empty when some filter is beyond them. */
    Optional<Condition> onStoredCounts() {
        if (!countsStored()) {
            return Optional.empty();
        }
        return Optional.of(and(criteria.stream().map(criterion -> Objects.requireNonNull(criterion.onStoredCounts())).toList()));
    }

    /** {@code execution} with this shape's parameters set to {@code filter}'s values (a filter of this shape). */
    static RenderedQuery.Execution bind(RenderedQuery.Execution execution, CompanyFilter filter) {
        execution.with(PROSPECT_SEARCH_ID, filter.prospectSearchId());
        Double minMatchScore = filter.minMatchScore();
        if (minMatchScore != null) {
            execution.with(MIN_MATCH_SCORE, minMatchScore);
        }
        List<ReviewStatus> statuses = statuses(filter);
        for (int i = 0; i < statuses.size(); i++) {
            execution.with(REVIEW_STATUSES.get(i), statuses.get(i));
        }
        pattern(filter).ifPresent(pattern -> execution.with(PATTERN, pattern));
        Instant updatedSince = filter.updatedSince();
        if (updatedSince != null) {
            execution.with(UPDATED_SINCE, updatedSince);
        }
        return execution;
    }

    private static List<ReviewStatus> statuses(CompanyFilter filter) {
        return filter.reviewStatuses().stream().distinct().toList();
    }

    private static Optional<String> pattern(CompanyFilter filter) {
        String search = filter.search();
        return search == null ? Optional.empty() : SearchPattern.contains(search);
    }

    /**
     * A case-insensitive substring match over the company's and its contacts' searchable values.
     * The search text holds them lower-cased, one per line, behind a trigram index; a term without
     * a line break can only match inside one value there. A term with one is matched value by value.
     */
    private static Condition textMatches(SearchForm form) {
        char escape = SearchPattern.ESCAPE;
        if (form == SearchForm.ONE_VALUE) {
            return COMPANY.SEARCH_TEXT.like(lower(PATTERN), escape);
        }
        return COMPANY.NAME.likeIgnoreCase(PATTERN, escape)
                .or(COMPANY.CITY.likeIgnoreCase(PATTERN, escape))
                .or(COMPANY.BUSINESS_TYPE.likeIgnoreCase(PATTERN, escape))
                .or(exists(selectOne()
                        .from(CONTACT)
                        .where(CONTACT.COMPANY_ID.eq(COMPANY.ID))
                        .and(CONTACT.NAME.likeIgnoreCase(PATTERN, escape)
                                .or(CONTACT.TITLE.likeIgnoreCase(PATTERN, escape))
                                .or(CONTACT.EMAIL.likeIgnoreCase(PATTERN, escape)))));
    }
}
