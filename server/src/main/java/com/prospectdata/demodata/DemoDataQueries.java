package com.prospectdata.demodata;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static org.jooq.impl.DSL.count;

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
                .join(COMPANY).on(COMPANY.PROSPECT_SEARCH_ID.eq(PROSPECT_SEARCH.ID))
                .where(PROSPECT_SEARCH.ORGANIZATION_ID.eq(DemoDataGenerator.DEMO_ORGANIZATION_ID))
                .groupBy(PROSPECT_SEARCH.ID)
                .orderBy(count().desc(), PROSPECT_SEARCH.ID)
                .limit(1)
                .fetchOptional(PROSPECT_SEARCH.ID);
    }
}
