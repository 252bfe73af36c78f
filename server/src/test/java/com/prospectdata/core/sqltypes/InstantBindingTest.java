package com.prospectdata.core.sqltypes;

import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.operator.importer.DatabaseTest;
import com.prospectdata.operator.importer.TestDatabase;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Timestamps read through {@link InstantBinding} are the instants written, to the microsecond
 * PostgreSQL keeps, whatever the session's time zone, and whether PgJDBC receives them as text
 * (a statement's first executions) or in binary (once it is prepared on the server).
 */
@DatabaseTest
class InstantBindingTest {

    /** Beyond the fifth execution PgJDBC prepares the statement and receives binary values. */
    private static final int EXECUTIONS = 12;

    private static final List<Instant> INSTANTS = List.of(
            Instant.parse("2026-11-25T17:04:05.123456Z"),
            Instant.parse("1970-01-01T00:00:00Z"),
            Instant.parse("1969-12-31T23:59:59.999999Z"),
            Instant.parse("1900-03-01T12:00:00.000001Z"),
            Instant.parse("2262-04-11T23:47:16.854775Z"));

    @Autowired
    DSLContext db;

    @BeforeEach
    void empty() {
        TestDatabase.emptyDatabase(db);
    }

    @Test
    void instantsComeBackAsWrittenInEveryFormatAndTimeZone() {
        for (Instant instant : INSTANTS) {
            UUID id = UUID.randomUUID();
            db.insertInto(ORGANIZATION).set(ORGANIZATION.ID, id).set(ORGANIZATION.NAME, "Org")
                    .set(ORGANIZATION.CREATED_AT, instant).execute();
            for (String zone : List.of("UTC", "Pacific/Chatham", "America/St_Johns")) {
                db.transaction(transaction -> {
                    DSLContext session = DSL.using(transaction);
                    session.set(DSL.name("timezone"), DSL.inline(zone)).execute();
                    for (int execution = 0; execution < EXECUTIONS; execution++) {
                        Instant read = session.select(ORGANIZATION.CREATED_AT).from(ORGANIZATION)
                                .where(ORGANIZATION.ID.eq(id)).fetchSingle(ORGANIZATION.CREATED_AT);
                        assertThat(read).as("%s in %s, execution %d", instant, zone, execution).isEqualTo(instant);
                    }
                });
            }
        }
    }

    @Test
    void aComparisonWithAnInstantFindsTheRowAndANullStaysNull() {
        Instant instant = INSTANTS.getFirst();
        UUID id = UUID.randomUUID();
        db.insertInto(ORGANIZATION).set(ORGANIZATION.ID, id).set(ORGANIZATION.NAME, "Org")
                .set(ORGANIZATION.CREATED_AT, instant).execute();

        for (int execution = 0; execution < EXECUTIONS; execution++) {
            assertThat(db.fetchExists(ORGANIZATION, ORGANIZATION.CREATED_AT.eq(instant))).isTrue();
            assertThat(db.fetchExists(ORGANIZATION, ORGANIZATION.CREATED_AT.gt(instant))).isFalse();
            assertThat(db.select(DSL.max(ORGANIZATION.CREATED_AT)).from(ORGANIZATION)
                    .where(ORGANIZATION.ID.ne(id)).fetchSingle().value1()).isNull();
        }
    }
}
