package com.prospectdata.operator.importer;

import com.prospectdata.operator.importer.ImportRecord.Company;
import com.prospectdata.operator.importer.ImportRecord.CompanyRemoval;
import com.prospectdata.operator.importer.ImportRecord.Contact;
import com.prospectdata.operator.importer.ImportRecord.Job;
import com.prospectdata.operator.importer.ImportRecord.Organization;
import com.prospectdata.operator.importer.ImportRecord.ProspectSearch;
import com.prospectdata.operator.importer.ImportRecord.Technology;
import com.prospectdata.operator.importer.ImportRecord.WebtechScan;
import java.io.OutputStream;
import java.time.Instant;
import java.util.UUID;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes import records as lines of the import format (docs/api-rules.md §9): what
 * {@link LineParser} reads back into the same records. Absent optional values are left out.
 */
public final class LineWriter implements AutoCloseable {

    private final JsonGenerator json;
    private final OutputStream out;

    public LineWriter(OutputStream out) {
        this.out = out;
        this.json = JsonMapper.builder().build().createGenerator(out);
    }

    public void write(ImportRecord record) {
        json.writeStartObject();
        switch (record) {
            case Organization o -> {
                json.writeStringProperty("type", "organization");
                uuid("id", o.id());
                json.writeStringProperty("name", o.name());
            }
            case ProspectSearch s -> {
                json.writeStringProperty("type", "prospect_search");
                uuid("id", s.id());
                uuid("organization_id", s.organizationId());
                json.writeStringProperty("name", s.name());
            }
            case Company c -> {
                json.writeStringProperty("type", "company");
                uuid("id", c.id());
                uuid("prospect_search_id", c.prospectSearchId());
                json.writeStringProperty("name", c.name());
                json.writeStringProperty("city", c.city());
                json.writeStringProperty("country", c.country());
                json.writeStringProperty("business_type", c.businessType());
                json.writeStringProperty("website", c.website());
                json.writeNumberProperty("match_score", c.matchScore());
                json.writeStringProperty("review_status", c.reviewStatus());
                optional("phone", c.phone());
                json.writeArrayPropertyStart("contacts");
                for (Contact contact : c.contacts()) {
                    json.writeStartObject();
                    uuid("id", contact.id());
                    json.writeStringProperty("name", contact.name());
                    optional("title", contact.title());
                    optional("email", contact.email());
                    optional("linkedin_url", contact.linkedinUrl());
                    json.writeEndObject();
                }
                json.writeEndArray();
                timestamp("created_at", c.createdAt());
                timestamp("updated_at", c.updatedAt());
            }
            case Job j -> {
                json.writeStringProperty("type", "job");
                json.writeStringProperty("id", j.id());
                uuid("company_id", j.companyId());
                json.writeStringProperty("title", j.title());
                json.writeStringProperty("platform", j.platform());
                timestamp("date_posted", j.datePosted());
                json.writeStringProperty("job_url", j.jobUrl());
                timestamp("removed_at", j.removedAt());
            }
            case WebtechScan s -> {
                json.writeStringProperty("type", "webtech_scan");
                uuid("company_id", s.companyId());
                json.writeStringProperty("status", s.status());
                timestamp("scanned_at", s.scannedAt());
                json.writeArrayPropertyStart("technologies");
                for (Technology t : s.technologies()) {
                    json.writeStartObject();
                    json.writeStringProperty("name", t.name());
                    json.writeStringProperty("category", t.category());
                    json.writeNumberProperty("confidence", t.confidence());
                    optional("version", t.version());
                    json.writeEndObject();
                }
                json.writeEndArray();
            }
            case CompanyRemoval r -> {
                json.writeStringProperty("type", "company_removal");
                uuid("id", r.id());
                if (r.prospectSearchId() != null) {
                    uuid("prospect_search_id", r.prospectSearchId());
                }
            }
        }
        json.writeEndObject();
        json.flush();
        try {
            out.write('\n');
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void uuid(String name, UUID value) {
        json.writeStringProperty(name, value.toString());
    }

    private void optional(String name, String value) {
        if (value != null) {
            json.writeStringProperty(name, value);
        }
    }

    private void timestamp(String name, Instant value) {
        if (value != null) {
            json.writeStringProperty(name, value.toString());
        }
    }

    @Override
    public void close() {
        json.close();
    }
}
