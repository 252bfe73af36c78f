package com.prospectdata.operator.importer;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.JOB;
import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static com.prospectdata.generated.jooq.Tables.TECHNOLOGY;
import static com.prospectdata.generated.jooq.Tables.WEBTECH_SCAN;

import java.util.LinkedHashMap;
import java.util.Map;
import org.jooq.DSLContext;

/** Helpers for tests on the database of {@link DatabaseTest}. */
public final class TestDatabase {

    private TestDatabase() {
    }

    /** Empties every table (an organization's truncate cascades to all of them). */
    public static void emptyDatabase(DSLContext db) {
        db.truncate(ORGANIZATION).cascade().execute();
    }

    /** Row counts of the data tables, e.g. {organization=1, ..., technology=5}. */
    public static Map<String, Integer> rowCounts(DSLContext db) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("organization", db.fetchCount(ORGANIZATION));
        counts.put("prospect_search", db.fetchCount(PROSPECT_SEARCH));
        counts.put("company", db.fetchCount(COMPANY));
        counts.put("contact", db.fetchCount(CONTACT));
        counts.put("job", db.fetchCount(JOB));
        counts.put("webtech_scan", db.fetchCount(WEBTECH_SCAN));
        counts.put("technology", db.fetchCount(TECHNOLOGY));
        return counts;
    }
}
