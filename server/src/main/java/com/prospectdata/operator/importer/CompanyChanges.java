package com.prospectdata.operator.importer;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.val;

import java.util.Collection;
import java.util.UUID;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.impl.SQLDataType;

/**
 * The writer's side of the change feed (docs/api-rules.md §15): the database functions of
 * migrations V7 and V8, which keep the state of the companies a batch is about to write and,
 * after the batch, append what changed to each search's log, in the writer's own transaction.
 */
final class CompanyChanges {

    private CompanyChanges() {
    }

    /**
     * Keeps the state of {@code companies} before they are written: their own fields, and the
     * contacts, jobs, scan and technologies of those named for each, the rows of that kind the
     * batch writes (only those can change).
     */
    static void capture(DSLContext tx, Collection<UUID> companies, Collection<UUID> contactsOf, Collection<UUID> jobsOf,
                        Collection<UUID> technologiesOf) {
        tx.fetch("select company_changes_capture({0}, {1}, {2}, {3})", ids(companies), ids(contactsOf), ids(jobsOf),
                ids(technologiesOf));
    }

    private static Field<UUID[]> ids(Collection<UUID> companies) {
        return val(companies.toArray(UUID[]::new), SQLDataType.UUID.array());
    }

    /** Appends the changes since {@link #capture}; returns how many. */
    static int record(DSLContext tx) {
        Integer recorded = tx.fetchValue(field("company_changes_record()", Integer.class));
        return recorded == null ? 0 : recorded;
    }
}
