package com.prospectdata.data.dataversion;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.DATA_VERSION;
import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static org.jooq.impl.DSL.any;
import static org.jooq.impl.DSL.currentInstant;
import static org.jooq.impl.DSL.excluded;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.select;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.jooq.DSLContext;

/**
 * The writers' side of the data version (docs/api-rules.md §1, "Validators and freshness"): a
 * write raises the version of every organization whose data it changed, inside its own
 * transaction, so the new version becomes visible exactly when the data does.
 */
public final class DataVersionWrites {

    private DataVersionWrites() {
    }

    /** Raises the version of each of {@code organizations} by one (to 1 for a first write). */
    public static void bump(DSLContext tx, Collection<UUID> organizations) {
        if (organizations.isEmpty()) {
            return;
        }
        // Sorted, so two writers that touch the same organizations take their row locks in one order.
        UUID[] ids = organizations.stream().distinct().sorted().toArray(UUID[]::new);
        tx.insertInto(DATA_VERSION, DATA_VERSION.ORGANIZATION_ID, DATA_VERSION.VERSION, DATA_VERSION.CHANGED_AT)
                .select(select(ORGANIZATION.ID, inline(1L), currentInstant())
                        .from(ORGANIZATION)
                        .where(ORGANIZATION.ID.eq(any(ids)))
                        .orderBy(ORGANIZATION.ID))
                .onConflict(DATA_VERSION.ORGANIZATION_ID)
                .doUpdate()
                .set(DATA_VERSION.VERSION, DATA_VERSION.VERSION.plus(1L))
                .set(DATA_VERSION.CHANGED_AT, excluded(DATA_VERSION.CHANGED_AT))
                .execute();
    }

    /**
     * The organizations that own these prospect searches and the searches of these companies, as
     * the transaction sees them now (one array parameter each: an import flushes 20,000 rows).
     */
    public static Set<UUID> organizationsOf(DSLContext tx, Collection<UUID> searches, Collection<UUID> companies) {
        Set<UUID> owners = new HashSet<>();
        if (!searches.isEmpty()) {
            owners.addAll(tx.selectDistinct(PROSPECT_SEARCH.ORGANIZATION_ID)
                    .from(PROSPECT_SEARCH)
                    .where(PROSPECT_SEARCH.ID.eq(any(searches.toArray(UUID[]::new))))
                    .fetch(PROSPECT_SEARCH.ORGANIZATION_ID));
        }
        if (!companies.isEmpty()) {
            owners.addAll(tx.selectDistinct(PROSPECT_SEARCH.ORGANIZATION_ID)
                    .from(COMPANY)
                    .join(PROSPECT_SEARCH).on(PROSPECT_SEARCH.ID.eq(COMPANY.PROSPECT_SEARCH_ID))
                    .where(COMPANY.ID.eq(any(companies.toArray(UUID[]::new))))
                    .fetch(PROSPECT_SEARCH.ORGANIZATION_ID));
        }
        return owners;
    }
}
