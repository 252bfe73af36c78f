package com.prospectdata.operator.importer;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * One record of the import format (docs/api-rules.md §9), already checked against every rule
 * the schema holds, so writing it cannot be refused by the database. Optional values are null
 * when absent. The importer and the demo data generator both hand these to {@link ImportWriter}.
 */
public sealed interface ImportRecord {

    record Organization(UUID id, String name) implements ImportRecord {
    }

    record ProspectSearch(UUID id, UUID organizationId, String name) implements ImportRecord {
    }

    /**
     * A company and its complete contact list. {@code createdAt} and {@code updatedAt} are null
     * when the line left them out; the importer fills them in before the record is written.
     */
    record Company(UUID id, UUID prospectSearchId, String name, String city, String country, String businessType,
                   String website, double matchScore, String reviewStatus, String phone, List<Contact> contacts,
                   Instant createdAt, Instant updatedAt) implements ImportRecord {

        public Company {
            contacts = List.copyOf(contacts);
        }

        public Company withTimestamps(Instant created, Instant updated) {
            return new Company(id, prospectSearchId, name, city, country, businessType, website, matchScore,
                    reviewStatus, phone, contacts, Objects.requireNonNull(created), Objects.requireNonNull(updated));
        }
    }

    record Contact(UUID id, String name, String title, String email, String linkedinUrl) {
    }

    record Job(String id, UUID companyId, String title, String platform, Instant datePosted, String jobUrl,
               Instant removedAt) implements ImportRecord {
    }

    /** The result of a company's latest website scan; it replaces the company's technology set. */
    record WebtechScan(UUID companyId, String status, Instant scannedAt, List<Technology> technologies)
            implements ImportRecord {

        public WebtechScan {
            technologies = List.copyOf(technologies);
        }
    }

    record Technology(String name, String category, int confidence, String version) {
    }

    /**
     * Removes a company with its contacts, jobs and technologies (docs/api-rules.md §16).
     * {@code prospectSearchId}, null when the line leaves it out, is a check: the company must be
     * in that search.
     */
    record CompanyRemoval(UUID id, UUID prospectSearchId) implements ImportRecord {
    }
}
