package com.prospectdata.operator.demodata;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.DATA_VERSION;
import static com.prospectdata.generated.jooq.Tables.JOB;
import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH_SCORE_COUNT;
import static com.prospectdata.generated.jooq.Tables.TECHNOLOGY;
import static com.prospectdata.generated.jooq.Tables.WEBTECH_SCAN;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.operator.importer.DatabaseTest;
import com.prospectdata.operator.importer.ImportProgress;
import com.prospectdata.operator.importer.TestDatabase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

@DatabaseTest
class DemoDataLoaderTest {

    @Autowired
    DemoDataLoader loader;

    @Autowired
    DemoDataQueries queries;

    @Autowired
    DSLContext db;

    @BeforeEach
    void emptyDatabase() {
        TestDatabase.emptyDatabase(db);
    }

    @Test
    void loadsWhatItReportsAndTheSameSeedAgainChangesNothing() {
        assertThat(queries.isEmpty()).isTrue();

        var report = loader.load(7, 300, ImportProgress.NONE);
        Map<String, Integer> counts = TestDatabase.rowCounts(db);

        assertThat(counts).isEqualTo(Map.of(
                "organization", 1, "prospect_search", 8, "company", 300,
                "contact", (int) report.counts().contacts(), "job", (int) report.counts().jobs(),
                "webtech_scan", (int) report.counts().webtechScans(), "technology", (int) report.counts().technologies()));
        assertThat(report.counts().total()).isEqualTo(counts.values().stream().mapToInt(Integer::intValue).sum());
        assertThat(db.fetchValue(ORGANIZATION.NAME)).isEqualTo("Demo organization");
        assertThat(queries.isEmpty()).isFalse();
        assertThat(queries.demoOrganizationExists()).isTrue();
        assertThat(queries.largestDemoSearch()).isPresent();

        assertThat(db.select(DATA_VERSION.VERSION).from(DATA_VERSION)
                .where(DATA_VERSION.ORGANIZATION_ID.eq(DemoDataGenerator.DEMO_ORGANIZATION_ID)).fetchOne(DATA_VERSION.VERSION))
                .as("the copy into empty tables raised the demo organization's data version").isEqualTo(1L);

        loader.load(7, 300, ImportProgress.NONE);
        assertThat(TestDatabase.rowCounts(db)).isEqualTo(counts);
        assertThat(db.select(DATA_VERSION.VERSION).from(DATA_VERSION).fetch(DATA_VERSION.VERSION))
                .as("so did the upserts, and only for the demo organization").containsExactly(2L);
    }

    @Test
    void theCopyIntoAnEmptyDatabaseWritesWhatTheUpsertsWriteAndPutsEveryIndexAndKeyBack() {
        List<String> schemaBefore = schema();

        loader.load(7, 300, ImportProgress.NONE); // empty database: copied, indexes and keys set aside
        List<String> copiedSchema = schema();
        Map<String, List<Map<String, Object>>> copied = content();
        loader.load(7, 300, ImportProgress.NONE); // the same records again: upserted over them

        assertThat(copiedSchema).isEqualTo(schemaBefore);
        assertThat(content()).isEqualTo(copied);
        assertThat(copied.get("company")).allSatisfy(company -> assertThat((String) company.get("search_text"))
                .startsWith(((String) company.get("name")).toLowerCase(Locale.ROOT) + "\n"));
    }

    /** Every index and constraint definition of the schema, as PostgreSQL prints them. */
    private List<String> schema() {
        // Catalog views, read in plain SQL: the generated classes only cover the application's tables.
        return db.fetch("""
                select indexdef from pg_indexes where schemaname = 'public'
                union all
                select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
                where connamespace = 'public'::regnamespace
                order by 1""").getValues(0, String.class);
    }

    /** Every row of every data table, in key order. */
    private Map<String, List<Map<String, Object>>> content() {
        Map<String, List<Map<String, Object>>> rows = new LinkedHashMap<>();
        for (Table<?> table : List.of(ORGANIZATION, PROSPECT_SEARCH, COMPANY, CONTACT, JOB, WEBTECH_SCAN, TECHNOLOGY,
                PROSPECT_SEARCH_SCORE_COUNT)) {
            rows.put(table.getName(), db.selectFrom(table).orderBy(table.getPrimaryKey().getFields()).fetchMaps());
        }
        return rows;
    }

    @Test
    void anotherSeedAddsAnotherSetToTheDemoOrganization() {
        loader.load(7, 100, ImportProgress.NONE);
        loader.load(8, 50, ImportProgress.NONE);

        assertThat(TestDatabase.rowCounts(db)).containsEntry("organization", 1).containsEntry("company", 150)
                .containsEntry("prospect_search", 16);
    }
}
