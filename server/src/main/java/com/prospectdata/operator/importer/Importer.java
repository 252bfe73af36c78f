package com.prospectdata.operator.importer;

import com.prospectdata.operator.importer.ImportRecord.Company;
import com.prospectdata.operator.importer.ImportRecord.CompanyRemoval;
import com.prospectdata.operator.importer.ExistingRows.KnownCompany;
import com.prospectdata.operator.importer.ImportRecord.Job;
import com.prospectdata.operator.importer.ImportRecord.Organization;
import com.prospectdata.operator.importer.ImportRecord.ProspectSearch;
import com.prospectdata.operator.importer.ImportRecord.WebtechScan;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Consumer;
import org.jooq.DSLContext;
import org.springframework.stereotype.Service;

/**
 * Imports a JSON Lines file (docs/api-rules.md §9) in two passes over the file:
 * <ol>
 *   <li>parse every line and collect the ids it defines and refers to; then ask the database, in
 *       a few chunked queries, which referenced ids it already holds;</li>
 *   <li>parse again, check each line's references against the valid records before it and the
 *       database, and hand the valid records to an {@link ImportWriter}, all in one transaction.</li>
 * </ol>
 * Without a rejects file any invalid line means nothing is written: when the first pass already
 * found one, the second pass only validates (to list every bad line); when only a reference is
 * wrong, the transaction is rolled back. Memory grows with the number of ids, not with the file.
 */
@Service
public class Importer {

    /** Invalid lines listed in a report; the rest are only counted. */
    public static final int MAX_LISTED_ERRORS = 100;
    private static final int PROGRESS_EVERY_LINES = 256;

    private final DSLContext db;
    private final ExistingRows existing;
    private final Clock clock;
    private final RecordsLoaded recordsLoaded;

    public Importer(DSLContext db, ExistingRows existing, Clock clock, RecordsLoaded recordsLoaded) {
        this.db = db;
        this.existing = existing;
        this.clock = clock;
        this.recordsLoaded = recordsLoaded;
    }

    /**
     * Imports {@code input}. With a {@code rejectsFile} (may be null), valid lines are written and
     * invalid ones copied there; without, any invalid line means nothing is written.
     */
    public ImportReport importFile(Path input, Path rejectsFile, ImportProgress progress) throws IOException {
        return importFile(input, rejectsFile, false, progress);
    }

    /**
     * Imports {@code input}; with {@code replace}, every prospect search the file names (a
     * {@code prospect_search} line, or a company line's {@code prospect_search_id}) loses the companies
     * the file does not list, in the same transaction (docs/api-rules.md §16). A replacing import is
     * all or nothing: it takes no rejects file.
     */
    public ImportReport importFile(Path input, Path rejectsFile, boolean replace, ImportProgress progress)
            throws IOException {
        if (replace && rejectsFile != null) {
            throw new IllegalArgumentException("--replace cannot be combined with --skip-invalid: a skipped company line"
                    + " would remove that company");
        }
        long started = System.nanoTime();
        // PostgreSQL keeps microseconds; the same instant everywhere makes one import one moment.
        Instant importTime = clock.instant().truncatedTo(ChronoUnit.MICROS);
        if (rejectsFile != null && Files.exists(rejectsFile) && Files.isSameFile(input, rejectsFile)) {
            throw new IllegalArgumentException("the rejects file must not be the input file");
        }

        FileIndex index = index(input, progress);
        KnownRows known = new KnownRows(
                existing.organizations(index.referencedOrganizations),
                existing.prospectSearches(index.referencedSearches),
                existing.companies(index.companiesToLookUp()));

        if (rejectsFile == null && index.invalidLines > 0) {
            // Nothing will be written: validate only, to list every bad line (references included).
            Outcome outcome = secondPass(input, index, known, importTime, null, null, progress);
            return report(false, ImportCounts.NONE, index, outcome, null, started);
        }
        try (RejectsFile rejects = rejectsFile == null ? null : RejectsFile.create(rejectsFile)) {
            Written written;
            try {
                written = db.transactionResult(configuration -> {
                    ImportWriter writer = new ImportWriter(configuration.dsl(), importTime);
                    Outcome outcome = secondPass(input, index, known, importTime, writer, rejects, progress);
                    if (rejects == null && outcome.invalidLines > 0) {
                        throw new RolledBack(outcome);
                    }
                    if (replace) {
                        writer.flush();
                        for (UUID company : ExistingRows.companiesOf(configuration.dsl(), index.namedSearches())) {
                            if (!index.companyLines.containsKey(company)) {
                                writer.remove(company);
                            }
                        }
                    }
                    writer.flush();
                    writer.bumpDataVersions();
                    return new Written(outcome, writer.counts());
                });
            } catch (RolledBack rolledBack) {
                return report(false, ImportCounts.NONE, index, rolledBack.outcome, null, started);
            }
            if (rejects != null) {
                rejects.commit();
            }
            recordsLoaded.imported(written.counts);
            return report(true, written.counts, index, written.outcome, rejectsFile, started);
        }
    }

    /** Copies stdin to a private temporary file, so it can be read twice; the caller deletes it. */
    public static Path spool(InputStream in) throws IOException {
        Path spooled = Files.createTempFile("prospect-import-", ".jsonl");
        try {
            Files.copy(in, spooled, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            Files.deleteIfExists(spooled);
            // The operating system's words (a full disk, say) name no file.
            throw new IOException("could not copy standard input to " + spooled + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            Files.deleteIfExists(spooled);
            throw e;
        }
        return spooled;
    }

    private static ImportReport report(boolean written, ImportCounts counts, FileIndex index, Outcome outcome,
                                       Path rejectsFile, long started) {
        return new ImportReport(written, counts, index.lines, outcome.invalidLines, outcome.errors, rejectsFile,
                Duration.ofNanos(System.nanoTime() - started));
    }

    private static FileIndex index(Path input, ImportProgress progress) throws IOException {
        FileIndex index = new FileIndex();
        LineParser parser = new LineParser();
        progress.start("checking", "lines", -1);
        try (LineReader reader = new LineReader(Files.newInputStream(input))) {
            while (reader.next()) {
                index.lines = reader.number();
                if (reader.number() % PROGRESS_EVERY_LINES == 0) {
                    progress.update(reader.number(), index.validLines);
                }
                if (reader.isBlank()) {
                    continue;
                }
                try {
                    index.note(parser.parse(reader.bytes(), 0, reader.contentLength()), reader.number());
                    index.validLines++;
                } catch (InvalidLineException e) {
                    index.invalidLines++;
                }
            }
        } finally {
            progress.finish();
        }
        return index;
    }

    /**
     * Validates every line in order; hands the valid records to {@code writer} (none: validate only)
     * and copies the invalid lines to {@code rejects} (may be null).
     */
    private Outcome secondPass(Path input, FileIndex index, KnownRows known, Instant importTime,
                               ImportWriter writer, RejectsFile rejects, ImportProgress progress) {
        Outcome outcome = new Outcome();
        LineParser parser = new LineParser();
        Consumer<ImportRecord> sink = writer == null ? ignored -> { } : writer::add;
        progress.start(writer == null ? "validating" : "importing", "lines", index.lines);
        try (LineReader reader = new LineReader(Files.newInputStream(input))) {
            while (reader.next()) {
                long line = reader.number();
                if (line % PROGRESS_EVERY_LINES == 0) {
                    progress.update(line, writer == null ? 0 : writer.counts().total());
                }
                if (reader.isBlank()) {
                    continue;
                }
                ImportRecord record;
                String problem;
                try {
                    record = parser.parse(reader.bytes(), 0, reader.contentLength());
                    problem = known.unresolvedReference(record, line, index);
                } catch (InvalidLineException e) {
                    record = null;
                    problem = e.getMessage();
                }
                if (problem == null) {
                    sink.accept(known.accept(record, line, importTime));
                    continue;
                }
                outcome.invalid(line, problem);
                if (rejects != null) {
                    rejects.write(reader.bytes(), reader.length());
                } else if (writer != null) {
                    // All or nothing and already lost: stop writing, keep validating to list every bad line.
                    sink = ignored -> { };
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            progress.finish();
        }
        return outcome;
    }

    /** What the first pass learns: ids defined (first line without a field error) and ids referred to. */
    private static final class FileIndex {
        long lines;
        long validLines;
        long invalidLines;
        final Map<UUID, Long> organizationLines = new HashMap<>();
        final Map<UUID, Long> searchLines = new HashMap<>();
        final Map<UUID, Long> companyLines = new HashMap<>();
        final Set<UUID> referencedOrganizations = new HashSet<>();
        final Set<UUID> referencedSearches = new HashSet<>();
        final Set<UUID> referencedCompanies = new HashSet<>();

        void note(ImportRecord record, long line) {
            switch (record) {
                case Organization o -> organizationLines.putIfAbsent(o.id(), line);
                case ProspectSearch s -> {
                    searchLines.putIfAbsent(s.id(), line);
                    referencedOrganizations.add(s.organizationId());
                }
                case Company c -> {
                    companyLines.putIfAbsent(c.id(), line);
                    referencedSearches.add(c.prospectSearchId());
                }
                case Job j -> referencedCompanies.add(j.companyId());
                case WebtechScan w -> referencedCompanies.add(w.companyId());
                case CompanyRemoval r -> referencedCompanies.add(r.id());
            }
        }

        /** The searches a replacing import replaces: those of its prospect_search lines and company lines. */
        Set<UUID> namedSearches() {
            Set<UUID> named = new HashSet<>(searchLines.keySet());
            named.addAll(referencedSearches);
            return named;
        }

        /** Referenced companies, and the defined ones too: an update keeps a stored creation time. */
        Set<UUID> companiesToLookUp() {
            Set<UUID> ids = new HashSet<>(referencedCompanies);
            ids.addAll(companyLines.keySet());
            return ids;
        }
    }

    /** The rows a line may refer to: in the database, or valid on an earlier line. */
    private static final class KnownRows {
        final Set<UUID> organizations;
        final Set<UUID> searches;
        // Existing companies with their creation time and search (stored, or given by an earlier line).
        final Map<UUID, KnownCompany> companies;
        // Companies removed by an earlier line, with that line.
        final Map<UUID, Long> removedOnLine = new HashMap<>();

        KnownRows(Set<UUID> organizations, Set<UUID> searches, Map<UUID, KnownCompany> companies) {
            this.organizations = new HashSet<>(organizations);
            this.searches = new HashSet<>(searches);
            this.companies = new HashMap<>(companies);
        }

        String unresolvedReference(ImportRecord record, long line, FileIndex index) {
            return switch (record) {
                case Organization o -> null;
                case ProspectSearch s -> organizations.contains(s.organizationId()) ? null
                        : unresolved("organization_id", "organization", s.organizationId(), line, index.organizationLines);
                case Company c -> searches.contains(c.prospectSearchId()) ? null
                        : unresolved("prospect_search_id", "prospect search", c.prospectSearchId(), line, index.searchLines);
                case Job j -> companies.containsKey(j.companyId()) ? null
                        : unresolvedCompany("company_id", j.companyId(), line, index);
                case WebtechScan w -> companies.containsKey(w.companyId()) ? null
                        : unresolvedCompany("company_id", w.companyId(), line, index);
                case CompanyRemoval r -> {
                    KnownCompany company = companies.get(r.id());
                    if (company == null) {
                        yield unresolvedCompany("id", r.id(), line, index);
                    }
                    if (r.prospectSearchId() != null && !r.prospectSearchId().equals(company.prospectSearchId())) {
                        yield "\"prospect_search_id\": company " + r.id() + " is in prospect search "
                                + company.prospectSearchId() + ", not " + r.prospectSearchId();
                    }
                    yield null;
                }
            };
        }

        private String unresolvedCompany(String field, UUID id, long line, FileIndex index) {
            Long removed = removedOnLine.get(id);
            if (removed != null) {
                return "\"" + field + "\" refers to company " + id + ", which line " + removed + " removed";
            }
            return unresolved(field, "company", id, line, index.companyLines);
        }

        private static String unresolved(String field, String kind, UUID id, long line, Map<UUID, Long> definedOn) {
            String start = "\"" + field + "\" refers to " + kind + " " + id;
            Long definition = definedOn.get(id);
            if (definition == null) {
                return start + ", which is neither in the database nor on an earlier valid line";
            }
            if (definition > line) {
                return start + ", which only comes later, on line " + definition
                        + " (a record must come after the records it refers to)";
            }
            return start + " of line " + definition + ", which is invalid";
        }

        /** Records a valid line; a company gets its timestamps decided here. */
        ImportRecord accept(ImportRecord record, long line, Instant importTime) {
            switch (record) {
                case Organization o -> organizations.add(o.id());
                case ProspectSearch s -> searches.add(s.id());
                case Company c -> {
                    Instant updated = c.updatedAt() != null ? c.updatedAt() : importTime;
                    Instant created = c.createdAt();
                    if (created == null) {
                        // Missing: a known company keeps its creation time; a new one was created now,
                        // or at its given update time if that is earlier.
                        KnownCompany known = companies.get(c.id());
                        created = known != null ? known.createdAt() : updated.isBefore(importTime) ? updated : importTime;
                    }
                    companies.put(c.id(), new KnownCompany(created, c.prospectSearchId()));
                    removedOnLine.remove(c.id());
                    return c.withTimestamps(created, updated);
                }
                case Job j -> {
                }
                case WebtechScan w -> {
                }
                case CompanyRemoval r -> {
                    companies.remove(r.id());
                    removedOnLine.put(r.id(), line);
                }
            }
            return record;
        }
    }

    private static final class Outcome {
        long invalidLines;
        final List<LineError> errors = new ArrayList<>();

        void invalid(long line, String reason) {
            invalidLines++;
            if (errors.size() < MAX_LISTED_ERRORS) {
                errors.add(new LineError(line, reason));
            }
        }
    }

    private record Written(Outcome outcome, ImportCounts counts) {
    }

    /** Unwinds the transaction (rolling it back) when a line turned out invalid and nothing may be written. */
    private static final class RolledBack extends RuntimeException {
        final transient Outcome outcome;

        RolledBack(Outcome outcome) {
            super(null, null, false, false);
            this.outcome = outcome;
        }
    }
}
