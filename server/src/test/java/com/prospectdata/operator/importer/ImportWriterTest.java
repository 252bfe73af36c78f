package com.prospectdata.operator.importer;

import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.TECHNOLOGY;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.operator.importer.ImportRecord.Company;
import com.prospectdata.operator.importer.ImportRecord.Contact;
import com.prospectdata.operator.importer.ImportRecord.Organization;
import com.prospectdata.operator.importer.ImportRecord.ProspectSearch;
import com.prospectdata.operator.importer.ImportRecord.Technology;
import com.prospectdata.operator.importer.ImportRecord.WebtechScan;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jooq.DSLContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

@DatabaseTest
class ImportWriterTest {

    static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

    @Autowired
    DSLContext db;

    @BeforeEach
    void emptyDatabase() {
        TestDatabase.emptyDatabase(db);
    }

    static Company company(UUID id, UUID search, List<Contact> contacts) {
        return new Company(id, search, "Nordlicht", "Hamburg", "Germany", "Logistics", "https://n.de", 5.5, "pending",
                null, contacts, NOW, NOW);
    }

    @Test
    void replacesContactsAndTechnologiesAlsoAcrossFlushes() {
        UUID org = UUID.randomUUID();
        UUID search = UUID.randomUUID();
        UUID company = UUID.randomUUID();
        Contact first = new Contact(UUID.randomUUID(), "Anna", null, null, null);
        Contact second = new Contact(UUID.randomUUID(), "Jonas", "CTO", null, null);

        ImportCounts counts = db.transactionResult(configuration -> {
            // One row per flush: every record is written before the next one arrives.
            ImportWriter writer = new ImportWriter(configuration.dsl(), NOW, 1);
            writer.add(new Organization(org, "Acme"));
            writer.add(new ProspectSearch(search, org, "Search"));
            writer.add(company(company, search, List.of(first)));
            writer.add(new WebtechScan(company, "completed", NOW, List.of(new Technology("PHP", "programming_language", 90, "8.2"))));
            writer.add(company(company, search, List.of(second, first)));
            writer.add(new WebtechScan(company, "completed", NOW, List.of(new Technology("React", "javascript_framework", 80, null))));
            writer.flush();
            return writer.counts();
        });

        assertThat(db.select(CONTACT.NAME, CONTACT.POSITION).from(CONTACT).orderBy(CONTACT.POSITION).fetch()
                .map(r -> r.value1() + "@" + r.value2())).containsExactly("Jonas@0", "Anna@1");
        assertThat(db.select(TECHNOLOGY.NAME).from(TECHNOLOGY).fetch(TECHNOLOGY.NAME)).containsExactly("React");
        assertThat(counts).isEqualTo(new ImportCounts(1, 1, 2, 3, 0, 2, 2, 0));
    }
}
