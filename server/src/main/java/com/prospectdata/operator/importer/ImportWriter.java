package com.prospectdata.operator.importer;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.JOB;
import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static com.prospectdata.generated.jooq.Tables.TECHNOLOGY;
import static com.prospectdata.generated.jooq.Tables.WEBTECH_SCAN;
import static org.jooq.impl.DSL.any;
import static org.jooq.impl.DSL.excluded;
import static org.jooq.impl.DSL.function;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.val;

import com.prospectdata.data.dataversion.DataVersionWrites;
import com.prospectdata.generated.jooq.tables.records.CompanyRecord;
import com.prospectdata.generated.jooq.tables.records.ContactRecord;
import com.prospectdata.generated.jooq.tables.records.JobRecord;
import com.prospectdata.generated.jooq.tables.records.OrganizationRecord;
import com.prospectdata.generated.jooq.tables.records.ProspectSearchRecord;
import com.prospectdata.generated.jooq.tables.records.TechnologyRecord;
import com.prospectdata.generated.jooq.tables.records.WebtechScanRecord;
import com.prospectdata.operator.importer.ImportRecord.Company;
import com.prospectdata.operator.importer.ImportRecord.CompanyRemoval;
import com.prospectdata.operator.importer.ImportRecord.Contact;
import com.prospectdata.operator.importer.ImportRecord.Job;
import com.prospectdata.operator.importer.ImportRecord.Organization;
import com.prospectdata.operator.importer.ImportRecord.ProspectSearch;
import com.prospectdata.operator.importer.ImportRecord.Technology;
import com.prospectdata.operator.importer.ImportRecord.WebtechScan;
import java.lang.reflect.Array;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.InsertOnDuplicateStep;
import org.jooq.InsertValuesStepN;
import org.jooq.Name;
import org.jooq.Query;
import org.jooq.Table;
import org.jooq.TableRecord;

/**
 * Writes import records as upserts, batched: records are buffered and written as one
 * {@code insert ... on conflict do update} statement per table and batch, parents before children, so foreign keys
 * hold at every statement. Within a batch a record seen again replaces the earlier one (later
 * lines win), which also keeps PostgreSQL from updating one row twice in one statement.
 *
 * <p>It does not open a transaction: the caller runs it inside one and calls {@link #flush()}
 * before committing. Records must be valid ({@link LineParser}) and their references must exist
 * in the database or have been added before them.
 */
public final class ImportWriter {

    /** Rows buffered before a flush: large enough for few round trips, small enough for little memory. */
    public static final int DEFAULT_ROWS_PER_FLUSH = 20_000;
    private static final Name UNNEST = name("unnest");

    private final DSLContext db;
    private final Instant now;
    private final int rowsPerFlush;

    private final Map<UUID, Organization> organizations = new LinkedHashMap<>();
    private final Map<UUID, ProspectSearch> searches = new LinkedHashMap<>();
    // Kept in order of each company's last appearance, so a contact listed by two companies ends
    // up with the one that came later.
    private final Map<UUID, Company> companies = new LinkedHashMap<>();
    private final Map<UUID, WebtechScan> scans = new LinkedHashMap<>();
    private final Map<String, Job> jobs = new LinkedHashMap<>();
    /** Companies to remove before this batch's upserts: a company line after its removal adds it again. */
    private final Set<UUID> removals = new HashSet<>();
    /** Whose data the flushes so far changed: their data versions go up with the write. */
    private final Set<UUID> touchedOrganizations = new HashSet<>();
    private int bufferedRows;

    private long organizationCount;
    private long searchCount;
    private long companyCount;
    private long contactCount;
    private long jobCount;
    private long scanCount;
    private long technologyCount;
    private long removedCount;

    /** @param now the creation time of new organizations and prospect searches (the format has none) */
    public ImportWriter(DSLContext db, Instant now) {
        this(db, now, DEFAULT_ROWS_PER_FLUSH);
    }

    public ImportWriter(DSLContext db, Instant now, int rowsPerFlush) {
        this.db = db;
        this.now = now;
        this.rowsPerFlush = rowsPerFlush;
    }

    public void add(ImportRecord record) {
        switch (record) {
            case Organization organization -> {
                organizations.put(organization.id(), organization);
                organizationCount++;
                bufferedRows++;
            }
            case ProspectSearch search -> {
                searches.put(search.id(), search);
                searchCount++;
                bufferedRows++;
            }
            case Company company -> {
                Objects.requireNonNull(company.createdAt(), "company created_at");
                Objects.requireNonNull(company.updatedAt(), "company updated_at");
                companies.remove(company.id());
                companies.put(company.id(), company);
                companyCount++;
                contactCount += company.contacts().size();
                bufferedRows += 1 + company.contacts().size();
            }
            case Job job -> {
                jobs.put(job.id(), job);
                jobCount++;
                bufferedRows++;
            }
            case WebtechScan scan -> {
                scans.put(scan.companyId(), scan);
                scanCount++;
                technologyCount += scan.technologies().size();
                bufferedRows += 1 + scan.technologies().size();
            }
            case CompanyRemoval removal -> remove(removal.id());
        }
        if (bufferedRows >= rowsPerFlush) {
            flush();
        }
    }

    /**
     * Removes a company with its contacts, jobs and technologies; what this batch holds for it goes
     * too. The company must exist, in the database or earlier in the batch.
     */
    public void remove(UUID companyId) {
        companies.remove(companyId);
        scans.remove(companyId);
        jobs.values().removeIf(job -> job.companyId().equals(companyId));
        removals.add(companyId);
        removedCount++;
        bufferedRows++;
        if (bufferedRows >= rowsPerFlush) {
            flush();
        }
    }

    /**
     * Writes everything buffered, and appends to the change feed of each search concerned what
     * changed for its companies (migration V7): the state before is kept first, compared after.
     */
    public void flush() {
        // A search may move to another organization and a company to another search: the owners
        // before the write and after it both see their data change. So does a company that loses
        // a contact or a job to a company of this batch (their ids are global).
        Set<UUID> searchIds = new HashSet<>(searches.keySet());
        companies.values().forEach(company -> searchIds.add(company.prospectSearchId()));
        Set<UUID> contactsOf = new HashSet<>(companies.keySet());
        contactsOf.addAll(ownersOfContacts());
        Set<UUID> jobsOf = new HashSet<>();
        jobs.values().forEach(job -> jobsOf.add(job.companyId()));
        jobsOf.addAll(ownersOfJobs());
        Set<UUID> companyIds = new HashSet<>(contactsOf);
        companyIds.addAll(jobsOf);
        companyIds.addAll(scans.keySet());
        companyIds.addAll(removals);
        touchedOrganizations.addAll(DataVersionWrites.organizationsOf(db, searchIds, companyIds));
        touchedOrganizations.addAll(organizations.keySet());
        boolean companiesChange = !companyIds.isEmpty();
        if (companiesChange) {
            CompanyChanges.capture(db, companyIds, contactsOf, jobsOf, scans.keySet());
        }
        deleteRemoved();
        upsertOrganizations();
        upsertSearches();
        upsertCompanies();
        replaceContacts();
        upsertScans();
        replaceTechnologies();
        upsertJobs();
        if (companiesChange) {
            CompanyChanges.record(db);
        }
        touchedOrganizations.addAll(DataVersionWrites.organizationsOf(db, searchIds, companyIds));
        organizations.clear();
        removals.clear();
        searches.clear();
        companies.clear();
        scans.clear();
        jobs.clear();
        bufferedRows = 0;
    }

    /**
     * Raises the data version of every organization whose data the flushes so far changed
     * (docs/api-rules.md §1, "Validators and freshness"); call it after the last flush, in the
     * same transaction.
     */
    public void bumpDataVersions() {
        DataVersionWrites.bump(db, touchedOrganizations);
    }

    public ImportCounts counts() {
        return new ImportCounts(organizationCount, searchCount, companyCount, contactCount, jobCount, scanCount,
                technologyCount, removedCount);
    }

    /** The companies the contacts of this batch belong to now. */
    private Set<UUID> ownersOfContacts() {
        List<UUID> contactIds = new ArrayList<>();
        companies.values().forEach(company -> company.contacts().forEach(contact -> contactIds.add(contact.id())));
        if (contactIds.isEmpty()) {
            return Set.of();
        }
        return db.selectDistinct(CONTACT.COMPANY_ID).from(CONTACT)
                .where(CONTACT.ID.eq(any(contactIds.toArray(UUID[]::new))))
                .fetchSet(CONTACT.COMPANY_ID);
    }

    /** The companies the jobs of this batch belong to now. */
    private Set<UUID> ownersOfJobs() {
        if (jobs.isEmpty()) {
            return Set.of();
        }
        return db.selectDistinct(JOB.COMPANY_ID).from(JOB)
                .where(JOB.ID.eq(any(jobs.keySet().toArray(String[]::new))))
                .fetchSet(JOB.COMPANY_ID);
    }

    /** Contacts, jobs, the scan and its technologies go with the company (on delete cascade). */
    private void deleteRemoved() {
        if (!removals.isEmpty()) {
            db.deleteFrom(COMPANY).where(COMPANY.ID.eq(any(removals.toArray(UUID[]::new)))).execute();
        }
    }

    private void upsertOrganizations() {
        List<OrganizationRecord> rows = organizations.values().stream()
                .map(o -> ImportRows.organization(o, now))
                .toList();
        // created_at is the time it was first seen: an update changes the name only.
        insert(ORGANIZATION, rows, insert -> insert
                .onConflict(ORGANIZATION.ID).doUpdate()
                .set(ORGANIZATION.NAME, excluded(ORGANIZATION.NAME)));
    }

    private void upsertSearches() {
        List<ProspectSearchRecord> rows = searches.values().stream()
                .map(s -> ImportRows.prospectSearch(s, now))
                .toList();
        insert(PROSPECT_SEARCH, rows, insert -> insert
                .onConflict(PROSPECT_SEARCH.ID).doUpdate()
                .set(PROSPECT_SEARCH.ORGANIZATION_ID, excluded(PROSPECT_SEARCH.ORGANIZATION_ID))
                .set(PROSPECT_SEARCH.NAME, excluded(PROSPECT_SEARCH.NAME)));
    }

    private void upsertCompanies() {
        List<CompanyRecord> rows = companies.values().stream()
                .map(ImportRows::company)
                .toList();
        Map<Field<?>, Field<?>> update = new LinkedHashMap<>();
        for (Field<?> field : ImportRows.writtenFields(COMPANY)) {
            if (!field.equals(COMPANY.ID)) {
                update.put(field, excluded(field));
            }
        }
        insert(COMPANY, rows, insert -> insert.onConflict(COMPANY.ID).doUpdate().set(update));
    }

    /** A company line carries its whole contact list: the previous contacts go, these take their place. */
    private void replaceContacts() {
        if (companies.isEmpty()) {
            return;
        }
        db.deleteFrom(CONTACT)
                .where(CONTACT.COMPANY_ID.eq(any(companies.keySet().toArray(UUID[]::new))))
                .execute();
        // A contact id is global: listed under a later company, the contact moves there.
        Map<UUID, ContactRecord> rows = new LinkedHashMap<>();
        for (Company company : companies.values()) {
            for (ContactRecord contact : ImportRows.contacts(company)) {
                rows.remove(contact.getId());
                rows.put(contact.getId(), contact);
            }
        }
        insert(CONTACT, new ArrayList<>(rows.values()),
                insert -> insert.onConflict(CONTACT.ID).doUpdate().setNonPrimaryKeyToExcluded());
    }

    private void upsertScans() {
        List<WebtechScanRecord> rows = scans.values().stream()
                .map(ImportRows::webtechScan)
                .toList();
        insert(WEBTECH_SCAN, rows,
                insert -> insert.onConflict(WEBTECH_SCAN.COMPANY_ID).doUpdate().setNonPrimaryKeyToExcluded());
    }

    /** A scan replaces the company's technology set as a whole. */
    private void replaceTechnologies() {
        if (scans.isEmpty()) {
            return;
        }
        db.deleteFrom(TECHNOLOGY)
                .where(TECHNOLOGY.COMPANY_ID.eq(any(scans.keySet().toArray(UUID[]::new))))
                .execute();
        List<TechnologyRecord> rows = new ArrayList<>();
        for (WebtechScan scan : scans.values()) {
            rows.addAll(ImportRows.technologies(scan));
        }
        insert(TECHNOLOGY, rows, insert -> insert);
    }

    private void upsertJobs() {
        List<JobRecord> rows = jobs.values().stream()
                .map(ImportRows::job)
                .toList();
        insert(JOB, rows, insert -> insert.onConflict(JOB.ID).doUpdate().setNonPrimaryKeyToExcluded());
    }

    /**
     * Inserts all columns of {@code rows} as {@code insert ... select unnest(?), unnest(?), ...}:
     * one array parameter per column, whatever the number of rows (PostgreSQL runs set-returning
     * functions of one select list in lockstep, so the arrays are zipped into rows). Compared with
     * multi-row VALUES this binds a handful of parameters instead of tens of thousands, and the
     * statement text is the same for every batch, so PostgreSQL parses and plans it once.
     */
    private <R extends TableRecord<R>> void insert(Table<R> table, List<R> rows,
                                                   Function<InsertOnDuplicateStep<R>, Query> conflictClause) {
        if (rows.isEmpty()) {
            return;
        }
        Field<?>[] fields = ImportRows.writtenFields(table);
        Field<?>[] columns = new Field<?>[fields.length];
        for (int i = 0; i < fields.length; i++) {
            columns[i] = unnested(fields[i], rows);
        }
        InsertValuesStepN<R> insert = db.insertInto(table).columns(fields);
        conflictClause.apply(insert.select(select(columns))).execute();
    }

    /** {@code unnest(?)} of one column of {@code rows}, bound as an array of the column's SQL type. */
    @SuppressWarnings("unchecked")
    private static <T, R extends TableRecord<R>> Field<T> unnested(Field<T> field, List<R> rows) {
        T[] values = (T[]) Array.newInstance(field.getType(), rows.size());
        for (int row = 0; row < values.length; row++) {
            values[row] = rows.get(row).get(field);
        }
        // jOOQ's unnest() is a table; in the select list it is a plain function call.
        return function(UNNEST, field.getDataType(), val(values, field.getDataType().array()));
    }
}
