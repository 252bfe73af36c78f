package com.prospectdata.demodata;

import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.importer.DatabaseTest;
import com.prospectdata.importer.ImportProgress;
import com.prospectdata.importer.TestDatabase;
import java.util.Map;
import org.jooq.DSLContext;
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

        loader.load(7, 300, ImportProgress.NONE);
        assertThat(TestDatabase.rowCounts(db)).isEqualTo(counts);
    }

    @Test
    void anotherSeedAddsAnotherSetToTheDemoOrganization() {
        loader.load(7, 100, ImportProgress.NONE);
        loader.load(8, 50, ImportProgress.NONE);

        assertThat(TestDatabase.rowCounts(db)).containsEntry("organization", 1).containsEntry("company", 150)
                .containsEntry("prospect_search", 16);
    }
}
