package com.prospectdata.operator.importer;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.val;

import java.util.Collection;
import java.util.UUID;
import org.jooq.DSLContext;
import org.jooq.impl.SQLDataType;

/**
 * The writer's side of the change feed (docs/api-rules.md §15): the database functions of
 * migration V7, which keep the state of the companies a batch is about to write and, after the
 * batch, append what changed to each search's log, in the writer's own transaction.
 */
final class CompanyChanges {

    private CompanyChanges() {
    }

    /** Keeps the state of these companies (contacts, jobs and technologies included) before they are written. */
    static void capture(DSLContext tx, Collection<UUID> companies) {
        tx.fetch("select company_changes_capture({0})", val(companies.toArray(UUID[]::new), SQLDataType.UUID.array()));
    }

    /** Appends the changes since {@link #capture}; returns how many. */
    static int record(DSLContext tx) {
        Integer recorded = tx.fetchValue(field("company_changes_record()", Integer.class));
        return recorded == null ? 0 : recorded;
    }
}
