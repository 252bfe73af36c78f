package com.prospectdata.operator.demodata;

import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH_SCORE_COUNT;
import static org.jooq.impl.DSL.sum;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.UUID;
import org.jooq.DSLContext;
import org.springframework.stereotype.Repository;

@Repository
public class DemoDataQueries {

    private final DSLContext db;

    public DemoDataQueries(DSLContext db) {
        this.db = db;
    }

    /** True when the database holds no organization at all: nothing a demo load could get mixed into. */
    public boolean isEmpty() {
        return !db.fetchExists(ORGANIZATION);
    }

    public boolean demoOrganizationExists() {
        return db.fetchExists(ORGANIZATION, ORGANIZATION.ID.eq(DemoDataGenerator.DEMO_ORGANIZATION_ID));
    }

    /** The demo organization's search with the most companies (ties: by id), if it has any. */
    public Optional<UUID> largestDemoSearch() {
        return db.select(PROSPECT_SEARCH.ID)
                .from(PROSPECT_SEARCH)
                .join(PROSPECT_SEARCH_SCORE_COUNT).on(PROSPECT_SEARCH_SCORE_COUNT.PROSPECT_SEARCH_ID.eq(PROSPECT_SEARCH.ID))
                .where(PROSPECT_SEARCH.ORGANIZATION_ID.eq(DemoDataGenerator.DEMO_ORGANIZATION_ID))
                .groupBy(PROSPECT_SEARCH.ID)
                .having(sum(PROSPECT_SEARCH_SCORE_COUNT.COMPANIES).gt(BigDecimal.ZERO))
                .orderBy(sum(PROSPECT_SEARCH_SCORE_COUNT.COMPANIES).desc(), PROSPECT_SEARCH.ID)
                .limit(1)
                .fetchOptional(PROSPECT_SEARCH.ID);
    }
}
