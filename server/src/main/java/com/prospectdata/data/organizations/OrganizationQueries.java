package com.prospectdata.data.organizations;

import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;

import com.prospectdata.generated.jooq.tables.records.OrganizationRecord;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jooq.DSLContext;
import org.springframework.stereotype.Repository;

@Repository
public class OrganizationQueries {

    private final DSLContext db;

    public OrganizationQueries(DSLContext db) {
        this.db = db;
    }

    public UUID create(String name, Instant now) {
        UUID id = UUID.randomUUID();
        db.insertInto(ORGANIZATION)
                .set(ORGANIZATION.ID, id)
                .set(ORGANIZATION.NAME, name)
                .set(ORGANIZATION.CREATED_AT, now)
                .execute();
        return id;
    }

    public boolean exists(UUID id) {
        return db.fetchExists(ORGANIZATION, ORGANIZATION.ID.eq(id));
    }

    public List<OrganizationRecord> list() {
        return db.selectFrom(ORGANIZATION).orderBy(ORGANIZATION.CREATED_AT, ORGANIZATION.ID).fetch();
    }
}
