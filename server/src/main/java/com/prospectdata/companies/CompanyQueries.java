package com.prospectdata.companies;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static org.jooq.Records.mapping;
import static org.jooq.impl.DSL.exists;
import static org.jooq.impl.DSL.multiset;
import static org.jooq.impl.DSL.noCondition;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.selectOne;

import com.prospectdata.companies.CompanyRow.ContactRow;
import com.prospectdata.paging.PageRequest;
import com.prospectdata.paging.SearchPattern;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record13;
import org.jooq.SelectSelectStep;
import org.springframework.stereotype.Repository;

@Repository
public class CompanyQueries {

    private final DSLContext db;

    public CompanyQueries(DSLContext db) {
        this.db = db;
    }

    public record CompanyPage(List<CompanyRow> companies, long total) {
    }

    /** The organization owning a prospect search; empty when the search does not exist. */
    public Optional<UUID> ownerOfProspectSearch(UUID prospectSearchId) {
        return db.select(PROSPECT_SEARCH.ORGANIZATION_ID)
                .from(PROSPECT_SEARCH)
                .where(PROSPECT_SEARCH.ID.eq(prospectSearchId))
                .fetchOptional(PROSPECT_SEARCH.ORGANIZATION_ID);
    }

    /** The organization owning a company; empty when the company does not exist. */
    public Optional<UUID> ownerOfCompany(UUID companyId) {
        return db.select(PROSPECT_SEARCH.ORGANIZATION_ID)
                .from(COMPANY)
                .join(PROSPECT_SEARCH).on(PROSPECT_SEARCH.ID.eq(COMPANY.PROSPECT_SEARCH_ID))
                .where(COMPANY.ID.eq(companyId))
                .fetchOptional(PROSPECT_SEARCH.ORGANIZATION_ID);
    }

    public Optional<CompanyRow> find(UUID companyId) {
        return selectCompanies()
                .from(COMPANY)
                .where(COMPANY.ID.eq(companyId))
                .fetchOptional(mapping(CompanyRow::new));
    }

    /** One page in the contract's order: match_score desc, name asc, id asc. */
    public CompanyPage list(CompanyFilter filter, PageRequest page) {
        Condition condition = matching(filter);
        long total = db.fetchCount(COMPANY, condition);
        List<CompanyRow> companies = selectCompanies()
                .from(COMPANY)
                .where(condition)
                .orderBy(COMPANY.MATCH_SCORE.desc(), COMPANY.NAME.asc(), COMPANY.ID.asc())
                .limit(page.limit())
                .offset(page.offset())
                .fetch(mapping(CompanyRow::new));
        return new CompanyPage(companies, total);
    }

    private static Condition matching(CompanyFilter filter) {
        Condition condition = COMPANY.PROSPECT_SEARCH_ID.eq(filter.prospectSearchId());
        condition = condition.and(filter.minMatchScore().map(COMPANY.MATCH_SCORE::ge).orElse(noCondition()));
        if (!filter.reviewStatuses().isEmpty()) {
            condition = condition.and(COMPANY.REVIEW_STATUS.in(filter.reviewStatuses()));
        }
        return condition.and(filter.searchPattern().map(CompanyQueries::textMatches).orElse(noCondition()));
    }

    private static Condition textMatches(String pattern) {
        char escape = SearchPattern.ESCAPE;
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

    private SelectSelectStep<Record13<UUID, UUID, String, String, String, String, String, Double, String, String,
            java.time.Instant, java.time.Instant, List<ContactRow>>> selectCompanies() {
        return db.select(COMPANY.ID, COMPANY.PROSPECT_SEARCH_ID, COMPANY.NAME, COMPANY.CITY, COMPANY.COUNTRY,
                COMPANY.BUSINESS_TYPE, COMPANY.WEBSITE, COMPANY.MATCH_SCORE, COMPANY.REVIEW_STATUS, COMPANY.PHONE,
                COMPANY.CREATED_AT, COMPANY.UPDATED_AT, contacts());
    }

    /** A company's contacts in their imported order, fetched in the same query (no N+1). */
    private static Field<List<ContactRow>> contacts() {
        return multiset(
                select(CONTACT.ID, CONTACT.NAME, CONTACT.TITLE, CONTACT.EMAIL, CONTACT.LINKEDIN_URL)
                        .from(CONTACT)
                        .where(CONTACT.COMPANY_ID.eq(COMPANY.ID))
                        .orderBy(CONTACT.POSITION))
                .as("contacts")
                .convertFrom(records -> records.map(mapping(ContactRow::new)));
    }
}
