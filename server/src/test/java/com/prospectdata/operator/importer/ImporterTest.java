package com.prospectdata.operator.importer;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.DATA_VERSION;
import static com.prospectdata.generated.jooq.Tables.JOB;
import static com.prospectdata.generated.jooq.Tables.TECHNOLOGY;
import static com.prospectdata.operator.importer.Lines.COMPANY_A;
import static com.prospectdata.operator.importer.Lines.COMPANY_B;
import static com.prospectdata.operator.importer.Lines.CONTACT_1;
import static com.prospectdata.operator.importer.Lines.CONTACT_2;
import static com.prospectdata.operator.importer.Lines.CONTACT_3;
import static com.prospectdata.operator.importer.Lines.ORG;
import static com.prospectdata.operator.importer.Lines.SEARCH;
import static com.prospectdata.operator.importer.Lines.UNKNOWN;
import static com.prospectdata.operator.importer.Lines.company;
import static com.prospectdata.operator.importer.Lines.job;
import static com.prospectdata.operator.importer.Lines.organization;
import static com.prospectdata.operator.importer.Lines.scan;
import static com.prospectdata.operator.importer.Lines.search;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;

@DatabaseTest
class ImporterTest {

    @Autowired
    Importer importer;

    @Autowired
    DSLContext db;

    @TempDir
    Path dir;

    @BeforeEach
    void emptyDatabase() {
        TestDatabase.emptyDatabase(db);
    }

    private ImportReport importLines(String... lines) throws Exception {
        return importLines(null, lines);
    }

    private ImportReport importLines(Path rejects, String... lines) throws Exception {
        Path file = Files.createTempFile(dir, "import", ".jsonl");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return importer.importFile(file, rejects, ImportProgress.NONE);
    }

    private Map<String, Integer> counts() {
        return TestDatabase.rowCounts(db);
    }

    private List<UUID> contactsOf(String companyId) {
        return db.select(CONTACT.ID).from(CONTACT)
                .where(CONTACT.COMPANY_ID.eq(UUID.fromString(companyId)))
                .orderBy(CONTACT.POSITION)
                .fetch(CONTACT.ID);
    }

    @Test
    void theDocumentedExampleImportsCleanly() throws Exception {
        ImportReport report = importer.importFile(Path.of("../docs/examples/import-example.jsonl"), null,
                ImportProgress.NONE);

        assertThat(report.errors()).isEmpty();
        assertThat(report.written()).isTrue();
        assertThat(counts()).isEqualTo(Map.of(
                "organization", 1, "prospect_search", 1, "company", 3, "contact", 3, "job", 4,
                "webtech_scan", 2, "technology", 5));
        assertThat(report.counts().total()).isEqualTo(19);
        assertThat(report.summary()).startsWith("imported 19 records (1 organization, 1 prospect search, 3 companies,");
    }

    @Test
    void laterLinesWinAndContactsAndTechnologiesAreReplaced() throws Exception {
        ImportReport report = importLines(
                organization(ORG, "Acme"),
                search(SEARCH, ORG),
                company(COMPANY_A, SEARCH, "Old name", "", CONTACT_1, CONTACT_2),
                scan(COMPANY_A, "completed", "WordPress", "PHP"),
                job("job-1", COMPANY_A, "Old title"),
                organization(ORG, "Acme renamed"),
                company(COMPANY_A, SEARCH, "New name", "", CONTACT_3, CONTACT_1),
                scan(COMPANY_A, "completed", "React"),
                job("job-1", COMPANY_A, "New title"));

        assertThat(report.written()).isTrue();
        assertThat(db.fetchValue(COMPANY.NAME)).isEqualTo("New name");
        assertThat(contactsOf(COMPANY_A)).containsExactly(UUID.fromString(CONTACT_3), UUID.fromString(CONTACT_1));
        assertThat(db.select(TECHNOLOGY.NAME).from(TECHNOLOGY).fetch(TECHNOLOGY.NAME)).containsExactly("React");
        assertThat(db.fetchValue(JOB.TITLE)).isEqualTo("New title");
        assertThat(counts()).containsEntry("organization", 1).containsEntry("job", 1);
        // Every line counts, even one a later line overrides.
        assertThat(report.counts().companies()).isEqualTo(2);
    }

    @Test
    void aLaterImportReplacesContactsAndTechnologiesAndKeepsCreationTime() throws Exception {
        importLines(organization(ORG, "Acme"), search(SEARCH, ORG),
                company(COMPANY_A, SEARCH, "Nordlicht", ",\"created_at\":\"2025-01-01T00:00:00Z\"", CONTACT_1, CONTACT_2),
                scan(COMPANY_A, "completed", "WordPress", "PHP"));
        Instant before = Instant.now();

        ImportReport report = importLines(company(COMPANY_A, SEARCH, "Nordlicht", "", CONTACT_3),
                scan(COMPANY_A, "failed"));

        assertThat(report.written()).isTrue();
        assertThat(contactsOf(COMPANY_A)).containsExactly(UUID.fromString(CONTACT_3));
        assertThat(db.fetchCount(TECHNOLOGY)).isZero();
        var row = db.selectFrom(COMPANY).fetchSingle();
        assertThat(row.getCreatedAt()).isEqualTo(Instant.parse("2025-01-01T00:00:00Z"));
        assertThat(row.getUpdatedAt()).isBetween(before.minusSeconds(1), Instant.now());
    }

    @Test
    void aNewCompanyWithoutTimestampsIsCreatedAtImportTime() throws Exception {
        Instant before = Instant.now();
        importLines(organization(ORG, "Acme"), search(SEARCH, ORG), company(COMPANY_A, SEARCH, "Nordlicht", ""),
                company(COMPANY_B, SEARCH, "Elbufer", ",\"updated_at\":\"2024-06-01T00:00:00Z\""));

        var a = db.selectFrom(COMPANY).where(COMPANY.ID.eq(UUID.fromString(COMPANY_A))).fetchSingle();
        assertThat(a.getCreatedAt()).isBetween(before.minusSeconds(1), Instant.now()).isEqualTo(a.getUpdatedAt());
        // A company is not created after its given update time.
        var b = db.selectFrom(COMPANY).where(COMPANY.ID.eq(UUID.fromString(COMPANY_B))).fetchSingle();
        assertThat(b.getCreatedAt()).isEqualTo(Instant.parse("2024-06-01T00:00:00Z")).isEqualTo(b.getUpdatedAt());
    }

    @Test
    void aContactListedByALaterCompanyMovesThere() throws Exception {
        importLines(organization(ORG, "Acme"), search(SEARCH, ORG),
                company(COMPANY_A, SEARCH, "A", "", CONTACT_1, CONTACT_2),
                company(COMPANY_B, SEARCH, "B", "", CONTACT_1));

        assertThat(contactsOf(COMPANY_A)).containsExactly(UUID.fromString(CONTACT_2));
        assertThat(contactsOf(COMPANY_B)).containsExactly(UUID.fromString(CONTACT_1));
    }

    @Test
    void referencesMayPointToEarlierLinesAndToRowsInTheDatabase() throws Exception {
        importLines(organization(ORG, "Acme"), search(SEARCH, ORG));

        ImportReport report = importLines(company(COMPANY_A, SEARCH, "A", ""), job("job-1", COMPANY_A, "Driver"),
                scan(COMPANY_A, "pending"));

        assertThat(report.errors()).isEmpty();
        assertThat(counts()).containsEntry("company", 1).containsEntry("job", 1).containsEntry("webtech_scan", 1);
    }

    @Test
    void aForwardReferenceIsInvalidAndNothingIsWritten() throws Exception {
        ImportReport report = importLines(organization(ORG, "Acme"), search(SEARCH, ORG),
                job("job-1", COMPANY_A, "Driver"),
                company(COMPANY_A, SEARCH, "A", ""));

        assertThat(report.written()).isFalse();
        assertThat(report.errors()).containsExactly(new LineError(3, "\"company_id\" refers to company " + COMPANY_A
                + ", which only comes later, on line 4 (a record must come after the records it refers to)"));
        assertThat(counts().values()).allMatch(count -> count == 0);
    }

    @Test
    void aDanglingReferenceIsInvalid() throws Exception {
        ImportReport report = importLines(search(SEARCH, UNKNOWN));

        assertThat(report.errors()).containsExactly(new LineError(1, "\"organization_id\" refers to organization "
                + UNKNOWN + ", which is neither in the database nor on an earlier valid line"));
    }

    @Test
    void aReferenceToAnInvalidLineIsInvalidToo() throws Exception {
        ImportReport report = importLines(organization(ORG, "Acme"), search(SEARCH, UNKNOWN),
                company(COMPANY_A, SEARCH, "A", ""));

        assertThat(report.errors()).extracting(LineError::line).containsExactly(2L, 3L);
        assertThat(report.errors().get(1).reason()).endsWith(" of line 2, which is invalid");
    }

    @Test
    void oneInvalidLineMeansNothingIsWritten() throws Exception {
        importLines(organization(ORG, "Acme"), search(SEARCH, ORG), company(COMPANY_A, SEARCH, "Before", ""));
        Map<String, Integer> before = counts();

        ImportReport report = importLines(
                company(COMPANY_A, SEARCH, "After", ""),
                job("job-1", COMPANY_A, "Driver"),
                "{\"type\":\"job\"}",
                organization(UUID.randomUUID().toString(), "Other"));

        assertThat(report.written()).isFalse();
        assertThat(report.invalidLines()).isEqualTo(1);
        assertThat(report.errors()).containsExactly(new LineError(3, "missing field \"id\""));
        assertThat(counts()).isEqualTo(before);
        assertThat(db.fetchValue(COMPANY.NAME)).isEqualTo("Before");
    }

    @Test
    void aBadReferenceAfterWrittenBatchesRollsEverythingBack() throws Exception {
        // More rows than one batch holds, so the writer has flushed before it meets the bad line.
        List<String> lines = new ArrayList<>(List.of(organization(ORG, "Acme"), search(SEARCH, ORG),
                company(COMPANY_A, SEARCH, "A", "")));
        for (int i = 0; i < ImportWriter.DEFAULT_ROWS_PER_FLUSH + 500; i++) {
            lines.add(job("job-" + i, COMPANY_A, "Driver"));
        }
        lines.add(job("job-x", UNKNOWN, "Driver"));

        ImportReport report = importLines(lines.toArray(String[]::new));

        assertThat(report.written()).isFalse();
        assertThat(report.errors()).extracting(LineError::line).containsExactly((long) lines.size());
        assertThat(counts().values()).allMatch(count -> count == 0);
    }

    @Test
    void skipInvalidWritesTheValidLinesAndCopiesTheInvalidOnesByteForByte() throws Exception {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        ByteArrayOutputStream expectedRejects = new ByteArrayOutputStream();
        byte[] badJsonWithCrLf = "{\"type\":\"organization\",  \r\n".getBytes(StandardCharsets.UTF_8);
        byte[] latin1 = "{\"type\":\"organization\",\"id\":\"x\",\"name\":\"M\u00fcller\"}\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] dangling = (company(COMPANY_A, UNKNOWN, "A", "") + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] dependent = (job("job-1", COMPANY_A, "Driver") + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] lastWithoutNewline = "{\"type\":\"widget\"}".getBytes(StandardCharsets.UTF_8);
        file.writeBytes((organization(ORG, "Acme") + "\n").getBytes(StandardCharsets.UTF_8));
        file.writeBytes(badJsonWithCrLf);
        file.writeBytes((search(SEARCH, ORG) + "\r\n").getBytes(StandardCharsets.UTF_8));
        file.writeBytes(latin1);
        file.writeBytes("   \n".getBytes(StandardCharsets.UTF_8));
        file.writeBytes(dangling);
        file.writeBytes(dependent);
        file.writeBytes(lastWithoutNewline);
        for (byte[] rejected : List.of(badJsonWithCrLf, latin1, dangling, dependent)) {
            expectedRejects.writeBytes(rejected);
        }
        expectedRejects.writeBytes(lastWithoutNewline);
        expectedRejects.write('\n');
        Path input = dir.resolve("input.jsonl");
        Files.write(input, file.toByteArray());
        Path rejects = dir.resolve("rejects.jsonl");
        Files.writeString(rejects, "stale content of an earlier run\n");

        ImportReport report = importer.importFile(input, rejects, ImportProgress.NONE);

        assertThat(report.written()).isTrue();
        assertThat(report.errors()).extracting(LineError::line).containsExactly(2L, 4L, 6L, 7L, 8L);
        assertThat(report.errors().get(1).reason()).startsWith("not valid UTF-8");
        assertThat(counts()).containsEntry("organization", 1).containsEntry("prospect_search", 1)
                .containsEntry("company", 0).containsEntry("job", 0);
        assertThat(Files.readAllBytes(rejects)).isEqualTo(expectedRejects.toByteArray());
        assertThat(report.summary()).endsWith("; 5 lines rejected, copied to " + rejects);
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("input.jsonl", "rejects.jsonl");
        }
    }

    @Test
    void skipInvalidWithoutInvalidLinesLeavesAnEmptyRejectsFile() throws Exception {
        Path rejects = dir.resolve("rejects.jsonl");
        Files.writeString(rejects, "stale\n");

        ImportReport report = importLines(rejects, organization(ORG, "Acme"));

        assertThat(report.written()).isTrue();
        assertThat(rejects).isEmptyFile();
        assertThat(report.summary()).endsWith("; 0 lines rejected");
    }

    @Test
    void theLongestAllowedIndexedTextFitsTheIndexes() throws Exception {
        // 4-byte characters that do not compress: the worst case for PostgreSQL's 2704-byte index entries.
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < LineParser.MAX_INDEXED_TEXT; i++) {
            text.appendCodePoint(0x1F300 + (i * 7919) % 0x2FF);
        }
        String longest = text.toString();
        String scanLine = scan(COMPANY_A, "completed", "x").replace("\"name\":\"x\",\"category\":\"cms\"",
                "\"name\":\"" + longest + "\",\"category\":\"" + longest + "\"");
        String jobLine = job("job-1", COMPANY_A, "Driver").replace("\"id\":\"job-1\"", "\"id\":\"" + longest + "\"")
                .replace("\"platform\":\"linkedin\"", "\"platform\":\"" + longest + "\"");

        ImportReport report = importLines(organization(ORG, "Acme"), search(SEARCH, ORG),
                company(COMPANY_A, SEARCH, longest, ""), scanLine, jobLine);

        assertThat(report.errors()).isEmpty();
        assertThat(counts()).containsEntry("company", 1).containsEntry("technology", 1).containsEntry("job", 1);
    }

    @Test
    void listsTheFirstHundredInvalidLinesAndCountsTheRest() throws Exception {
        String[] lines = new String[150];
        java.util.Arrays.fill(lines, "nonsense");

        ImportReport report = importLines(lines);

        assertThat(report.invalidLines()).isEqualTo(150);
        assertThat(report.errors()).hasSize(Importer.MAX_LISTED_ERRORS);
        assertThat(report.errors().getLast().line()).isEqualTo(100);
        assertThat(report.unlistedErrors()).isEqualTo(50);
    }

    /**
     * An import raises the data version of every organization whose data it changed, and of no
     * other, in its own transaction (docs/api-rules.md §1, "Validators and freshness").
     */
    @Nested
    class RaisingDataVersions {

        private static final String ORG_1 = "0a000000-0000-4000-8000-000000000001";
        private static final String ORG_2 = "0a000000-0000-4000-8000-000000000002";
        private static final String ORG_3 = "0a000000-0000-4000-8000-000000000003";
        private static final String SEARCH_1 = "5a000000-0000-4000-8000-000000000001";
        private static final String SEARCH_2 = "5a000000-0000-4000-8000-000000000002";

        @BeforeEach
        void threeOrganizationsWithASearchEachOfTheFirstTwo() throws Exception {
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

        private Map<String, Long> versions() {
            return db.select(DATA_VERSION.ORGANIZATION_ID, DATA_VERSION.VERSION).from(DATA_VERSION)
                    .fetchMap(r -> r.value1().toString(), r -> r.value2());
        }
    }
}
