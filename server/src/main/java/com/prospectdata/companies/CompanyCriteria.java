package com.prospectdata.companies;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH_SCORE_COUNT;
import static org.jooq.impl.DSL.and;
import static org.jooq.impl.DSL.exists;
import static org.jooq.impl.DSL.lower;
import static org.jooq.impl.DSL.selectOne;
import static org.jooq.impl.DSL.val;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jooq.Condition;

/**
 * Every filter of the companies list as SQL, in one place for both ways the list is counted: each
 * criterion is a condition on the companies and, when the stored counts per score and status
 * (migration V2) can answer it, the same condition on them. A filter those counts cannot answer
 * (a text search, {@code updated_since}) sends the whole list down the path that counts while
 * it finds; a filter added here cannot be forgotten by the totals.
 */
final class CompanyCriteria {

    /** One filter: which one ({@code CompanyFilter}'s component), on the companies, on the stored counts. */
    record Criterion(String filter, Condition onCompanies, Optional<Condition> onStoredCounts) {
    }

    private final List<Criterion> criteria;

    private CompanyCriteria(List<Criterion> criteria) {
        this.criteria = List.copyOf(criteria);
    }

    static CompanyCriteria of(CompanyFilter filter) {
        List<Criterion> criteria = new ArrayList<>();
        criteria.add(new Criterion("prospectSearchId", COMPANY.PROSPECT_SEARCH_ID.eq(filter.prospectSearchId()),
                Optional.of(PROSPECT_SEARCH_SCORE_COUNT.PROSPECT_SEARCH_ID.eq(filter.prospectSearchId()))));
        filter.minMatchScore().ifPresent(min -> criteria.add(new Criterion("minMatchScore", COMPANY.MATCH_SCORE.ge(min),
                Optional.of(PROSPECT_SEARCH_SCORE_COUNT.MATCH_SCORE.ge(min)))));
        if (!filter.reviewStatuses().isEmpty()) {
            criteria.add(new Criterion("reviewStatuses", COMPANY.REVIEW_STATUS.in(filter.reviewStatuses()),
                    Optional.of(PROSPECT_SEARCH_SCORE_COUNT.REVIEW_STATUS.in(filter.reviewStatuses()))));
        }
        filter.search().flatMap(SearchPattern::contains).ifPresent(pattern ->
                criteria.add(new Criterion("search", textMatches(pattern), Optional.empty())));
        filter.updatedSince().ifPresent(since ->
                criteria.add(new Criterion("updatedSince", COMPANY.UPDATED_AT.ge(since), Optional.empty())));
        return new CompanyCriteria(criteria);
    }

    List<Criterion> criteria() {
        return criteria;
    }

    /** The companies the filter lets through. */
    Condition onCompanies() {
        return and(criteria.stream().map(Criterion::onCompanies).toList());
    }

    /** The stored counts of exactly those companies; empty when some filter is beyond them. */
    Optional<Condition> onStoredCounts() {
        if (criteria.stream().anyMatch(criterion -> criterion.onStoredCounts().isEmpty())) {
            return Optional.empty();
        }
        return Optional.of(and(criteria.stream().map(criterion -> criterion.onStoredCounts().orElseThrow()).toList()));
    }

    /**
     * A case-insensitive substring match over the company's and its contacts' searchable values.
     * The search text holds them lower-cased, one per line, behind a trigram index; a term without
     * a line break can only match inside one value there. A term with one is matched value by value.
     */
    private static Condition textMatches(String pattern) {
        char escape = SearchPattern.ESCAPE;
        if (pattern.indexOf('\n') < 0) {
            return COMPANY.SEARCH_TEXT.like(lower(val(pattern)), escape);
        }
        return COMPANY.NAME.likeIgnoreCase(pattern, escape)
                .or(COMPANY.CITY.likeIgnoreCase(pattern, escape))
                .or(COMPANY.BUSINESS_TYPE.likeIgnoreCase(pattern, escape))
                .or(exists(selectOne()
                        .from(CONTACT)
                        .where(CONTACT.COMPANY_ID.eq(COMPANY.ID))
                        .and(CONTACT.NAME.likeIgnoreCase(pattern, escape)
                                .or(CONTACT.TITLE.likeIgnoreCase(pattern, escape))
                                .or(CONTACT.EMAIL.likeIgnoreCase(pattern, escape)))));
    }
}
