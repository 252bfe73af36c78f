package com.prospectdata.operator.importer;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;

import com.prospectdata.generated.jooq.tables.records.CompanyRecord;
import com.prospectdata.generated.jooq.tables.records.ContactRecord;
import com.prospectdata.generated.jooq.tables.records.JobRecord;
import com.prospectdata.generated.jooq.tables.records.OrganizationRecord;
import com.prospectdata.generated.jooq.tables.records.ProspectSearchRecord;
import com.prospectdata.generated.jooq.tables.records.TechnologyRecord;
import com.prospectdata.generated.jooq.tables.records.WebtechScanRecord;
import com.prospectdata.generated.model.ReviewStatus;
import com.prospectdata.generated.model.ScanStatus;
import com.prospectdata.operator.importer.ImportRecord.Company;
import com.prospectdata.operator.importer.ImportRecord.Contact;
import com.prospectdata.operator.importer.ImportRecord.Job;
import com.prospectdata.operator.importer.ImportRecord.Organization;
import com.prospectdata.operator.importer.ImportRecord.ProspectSearch;
import com.prospectdata.operator.importer.ImportRecord.Technology;
import com.prospectdata.operator.importer.ImportRecord.WebtechScan;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jooq.Field;
import org.jooq.Table;

/** The table rows of import records: one mapping for every writer (upserts and bulk copies). */
final class ImportRows {

    private ImportRows() {
    }

    /**
     * The table's columns but those the database keeps itself: a company's search text (migration
     * V2) and a search's change-feed position (V7, moved only by the change recording).
     */
    public static Field<?>[] writtenFields(Table<?> table) {
        return Arrays.stream(table.fields())
                .filter(field -> !field.equals(COMPANY.SEARCH_TEXT) && !field.equals(PROSPECT_SEARCH.CHANGE_POSITION))
                .toArray(Field<?>[]::new);
    }

    /** @param now its creation time when it is new (the format has none) */
    public static OrganizationRecord organization(Organization o, Instant now) {
        return new OrganizationRecord(o.id(), o.name(), now);
    }

    /** @param now its creation time when it is new (the format has none) */
    public static ProspectSearchRecord prospectSearch(ProspectSearch s, Instant now) {
        return new ProspectSearchRecord(s.id(), s.organizationId(), s.name(), now, now, null); // change_position: the database's
    }

    public static CompanyRecord company(Company c) {
        return new CompanyRecord(c.id(), c.prospectSearchId(), c.name(), c.city(), c.country(), c.businessType(),
                c.website(), c.matchScore(), ReviewStatus.fromValue(c.reviewStatus()), c.phone(), c.createdAt(), c.updatedAt(),
                null); // search_text: composed by the database
    }

    /** The company's contacts, positioned in the order the record lists them. */
    public static List<ContactRecord> contacts(Company company) {
        List<Contact> contacts = company.contacts();
        List<ContactRecord> rows = new ArrayList<>(contacts.size());
        for (int position = 0; position < contacts.size(); position++) {
            Contact c = contacts.get(position);
            rows.add(new ContactRecord(c.id(), company.id(), position, c.name(), c.title(), c.email(), c.linkedinUrl()));
        }
        return rows;
    }

    public static WebtechScanRecord webtechScan(WebtechScan s) {
        return new WebtechScanRecord(s.companyId(), ScanStatus.fromValue(s.status()), s.scannedAt());
    }

    public static List<TechnologyRecord> technologies(WebtechScan scan) {
        List<TechnologyRecord> rows = new ArrayList<>(scan.technologies().size());
        for (Technology t : scan.technologies()) {
            rows.add(new TechnologyRecord(scan.companyId(), t.name(), t.category(), t.confidence(), t.version()));
        }
        return rows;
    }

    public static JobRecord job(Job j) {
        return new JobRecord(j.id(), j.companyId(), j.title(), j.platform(), j.datePosted(), j.jobUrl(), j.removedAt());
    }
}
