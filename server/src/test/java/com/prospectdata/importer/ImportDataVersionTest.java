package com.prospectdata.importer;

import static com.prospectdata.generated.jooq.Tables.DATA_VERSION;
import static com.prospectdata.importer.Lines.COMPANY_A;
import static com.prospectdata.importer.Lines.company;
import static com.prospectdata.importer.Lines.job;
import static com.prospectdata.importer.Lines.organization;
import static com.prospectdata.importer.Lines.scan;
import static com.prospectdata.importer.Lines.search;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * An import raises the data version of every organization whose data it changed, and of no
 * other, in its own transaction (docs/api-rules.md §1, "Validators and freshness").
 */
@DatabaseTest
class ImportDataVersionTest {

    private static final String ORG_1 = "0a000000-0000-4000-8000-000000000001";
    private static final String ORG_2 = "0a000000-0000-4000-8000-000000000002";
    private static final String ORG_3 = "0a000000-0000-4000-8000-000000000003";
    private static final String SEARCH_1 = "5a000000-0000-4000-8000-000000000001";
    private static final String SEARCH_2 = "5a000000-0000-4000-8000-000000000002";

    @Autowired
    Importer importer;

    @Autowired
    DSLContext db;

    @TempDir
    Path dir;

    @BeforeEach
    void threeOrganizationsWithASearchEachOfTheFirstTwo() throws Exception {
        TestDatabase.emptyDatabase(db);
        importLines(organization(ORG_1, "One"), organization(ORG_2, "Two"), organization(ORG_3, "Three"),
                search(SEARCH_1, ORG_1), search(SEARCH_2, ORG_2));
        assertThat(versions()).isEqualTo(Map.of(ORG_1, 1L, ORG_2, 1L, ORG_3, 1L));
    }

    @Test
    void eachKindOfRecordRaisesItsOwnOrganizationsVersionAndNoOther() throws Exception {
        importLines(company(COMPANY_A, SEARCH_1, "Alpha", ""));
        assertThat(versions()).isEqualTo(Map.of(ORG_1, 2L, ORG_2, 1L, ORG_3, 1L));

        importLines(job("job-1", COMPANY_A, "Driver"));
        assertThat(versions()).isEqualTo(Map.of(ORG_1, 3L, ORG_2, 1L, ORG_3, 1L));

        importLines(scan(COMPANY_A, "completed", "WordPress"));
        assertThat(versions()).isEqualTo(Map.of(ORG_1, 4L, ORG_2, 1L, ORG_3, 1L));

        importLines(organization(ORG_3, "Three, renamed"));
        assertThat(versions()).as("one import, one raise").isEqualTo(Map.of(ORG_1, 4L, ORG_2, 1L, ORG_3, 2L));
    }

    @Test
    void aCompanyOrASearchThatMovesRaisesTheOwnerItLeftAndTheOneItJoined() throws Exception {
        importLines(company(COMPANY_A, SEARCH_1, "Alpha", ""));
        assertThat(versions()).isEqualTo(Map.of(ORG_1, 2L, ORG_2, 1L, ORG_3, 1L));

        importLines(company(COMPANY_A, SEARCH_2, "Alpha", ""));
        assertThat(versions()).isEqualTo(Map.of(ORG_1, 3L, ORG_2, 2L, ORG_3, 1L));

        importLines(search(SEARCH_2, ORG_3));
        assertThat(versions()).isEqualTo(Map.of(ORG_1, 3L, ORG_2, 3L, ORG_3, 2L));
    }

    @Test
    void anImportThatWritesNothingRaisesNothing() throws Exception {
        ImportReport refused = importLines(company(COMPANY_A, SEARCH_1, "Alpha", ""), "{not json");
        assertThat(refused.written()).isFalse();
        assertThat(versions()).isEqualTo(Map.of(ORG_1, 1L, ORG_2, 1L, ORG_3, 1L));
    }

    private ImportReport importLines(String... lines) throws Exception {
        Path file = Files.createTempFile(dir, "import", ".jsonl");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return importer.importFile(file, null, ImportProgress.NONE);
    }

    private Map<String, Long> versions() {
        return db.select(DATA_VERSION.ORGANIZATION_ID, DATA_VERSION.VERSION).from(DATA_VERSION)
                .fetchMap(r -> r.value1().toString(), r -> r.value2());
    }
}
