package com.prospectdata.operator.importer;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static org.jooq.impl.DSL.any;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jooq.DSLContext;
import org.springframework.stereotype.Repository;

/** Which of the ids an import file mentions are already in the database: a few queries, not one per line. */
@Repository
class ExistingRows {

    // One array parameter per query; chunks keep each statement and its result small.
    private static final int IDS_PER_QUERY = 10_000;

    private final DSLContext db;

    public ExistingRows(DSLContext db) {
        this.db = db;
    }

    public Set<UUID> organizations(Collection<UUID> ids) {
        Set<UUID> found = new HashSet<>();
        for (UUID[] chunk : chunks(ids)) {
            found.addAll(db.select(ORGANIZATION.ID).from(ORGANIZATION)
                    .where(ORGANIZATION.ID.eq(any(chunk)))
                    .fetch(ORGANIZATION.ID));
        }
        return found;
    }

    public Set<UUID> prospectSearches(Collection<UUID> ids) {
        Set<UUID> found = new HashSet<>();
        for (UUID[] chunk : chunks(ids)) {
            found.addAll(db.select(PROSPECT_SEARCH.ID).from(PROSPECT_SEARCH)
                    .where(PROSPECT_SEARCH.ID.eq(any(chunk)))
                    .fetch(PROSPECT_SEARCH.ID));
        }
        return found;
    }

    /** A company as an import needs to know it: when it was created, and in which search it is. */
    record KnownCompany(Instant createdAt, UUID prospectSearchId) {
    }

    /** The companies among {@code ids} that exist. */
    public Map<UUID, KnownCompany> companies(Collection<UUID> ids) {
        Map<UUID, KnownCompany> found = new HashMap<>();
        for (UUID[] chunk : chunks(ids)) {
            db.select(COMPANY.ID, COMPANY.CREATED_AT, COMPANY.PROSPECT_SEARCH_ID).from(COMPANY)
                    .where(COMPANY.ID.eq(any(chunk)))
                    .forEach(row -> found.put(row.value1(), new KnownCompany(row.value2(), row.value3())));
        }
        return found;
    }

    /** The companies now in these searches, as the transaction of {@code tx} sees them. */
    static List<UUID> companiesOf(DSLContext tx, Collection<UUID> searches) {
        return tx.select(COMPANY.ID).from(COMPANY)
                .where(COMPANY.PROSPECT_SEARCH_ID.eq(any(searches.toArray(UUID[]::new))))
                .fetch(COMPANY.ID);
    }

    private static List<UUID[]> chunks(Collection<UUID> ids) {
        List<UUID[]> chunks = new ArrayList<>();
        List<UUID> all = new ArrayList<>(ids);
        for (int from = 0; from < all.size(); from += IDS_PER_QUERY) {
            chunks.add(all.subList(from, Math.min(all.size(), from + IDS_PER_QUERY)).toArray(UUID[]::new));
        }
        return chunks;
    }
}
