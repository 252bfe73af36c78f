package com.prospectdata.core.sqltypes;

import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.param;

import com.prospectdata.operator.importer.DatabaseTest;
import com.prospectdata.operator.importer.TestDatabase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.jooq.DSLContext;
import org.jooq.ExecuteContext;
import org.jooq.ExecuteListener;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Record;
import org.jooq.Select;
import org.jooq.impl.DSL;
import org.jooq.impl.DefaultExecuteListenerProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A query rendered once returns, for every set of values, what the same query written with those
 * values returns: a variable used twice, constants kept, values that look like SQL, nulls and
 * timestamps through their binding, before and after PgJDBC prepares the statement on the server.
 */
@DatabaseTest
class RenderedQueryTest {

    /** Beyond the fifth execution PgJDBC prepares the statement on the server. */
    private static final int EXECUTIONS = 12;

    private static final Param<String> NAME = param("name", String.class);
    private static final Param<Instant> SINCE = param("since", ORGANIZATION.CREATED_AT.getDataType());
    private static final Param<Integer> LIMIT = param("limit", Integer.class);

    private static final List<String> NAMES = List.of("Alpha", "it's ? a :name", "$1 or 1=1 --", "Beta", "Ünïcödé");

    @Autowired
    DSLContext db;

    @BeforeEach
    void organizations() {
        TestDatabase.emptyDatabase(db);
        Instant created = Instant.parse("2026-01-01T00:00:00.123456Z");
        for (String name : NAMES) {
            for (int copy = 0; copy < 3; copy++) {
                db.insertInto(ORGANIZATION).set(ORGANIZATION.ID, UUID.randomUUID()).set(ORGANIZATION.NAME, name)
                        .set(ORGANIZATION.CREATED_AT, created.plusSeconds(copy * 3600L)).execute();
            }
        }
    }

    /** Organizations of one name (or of every name but one: the variable is used twice) since a time. */
    private Select<?> query(Field<String> name, Field<Instant> since, Field<Integer> limit) {
        return db.select(ORGANIZATION.NAME, ORGANIZATION.CREATED_AT, inline(7).as("seven"))
                .from(ORGANIZATION)
                .where(ORGANIZATION.NAME.eq(name).or(ORGANIZATION.NAME.ne(name).and(ORGANIZATION.NAME.eq("Beta"))))
                .and(ORGANIZATION.CREATED_AT.ge(since))
                .orderBy(ORGANIZATION.NAME, ORGANIZATION.CREATED_AT)
                .limit(limit)
                .offset(DSL.val(1));
    }

    @Test
    void everyExecutionReturnsWhatTheQueryWrittenWithItsValuesReturns() {
        RenderedQuery rendered = RenderedQuery.of(db, query(NAME, SINCE, LIMIT), NAME, SINCE, LIMIT);
        List<Instant> times = List.of(Instant.parse("2025-12-31T00:00:00Z"), Instant.parse("2026-01-01T01:00:00.123456Z"),
                Instant.parse("2026-01-01T01:00:00.123457Z"));
        for (int execution = 0; execution < EXECUTIONS; execution++) {
            for (String name : NAMES) {
                for (Instant since : times) {
                    int limit = 1 + execution % 4;
                    List<List<Object>> expected = rows(query(DSL.val(name), DSL.val(since, SINCE.getDataType()),
                            DSL.val(limit)).fetch());
                    List<Record> actual = rendered.with(NAME, name).with(SINCE, since).with(LIMIT, limit).fetch(db);
                    assertThat(rows(actual)).as("%s since %s, limit %d, execution %d", name, since, limit, execution)
                            .isEqualTo(expected);
                    actual.forEach(row -> assertThat(row.get(ORGANIZATION.CREATED_AT)).isAfterOrEqualTo(since));
                }
            }
        }
    }

    @Test
    void aNullValueBindsSqlNull() {
        RenderedQuery rendered = RenderedQuery.of(db, query(NAME, SINCE, LIMIT), NAME, SINCE, LIMIT);
        // Every comparison with SQL's null is unknown: no row, and no error.
        assertThat(rendered.with(NAME, "Beta").with(SINCE, Instant.EPOCH).with(LIMIT, 10).fetch(db)).isNotEmpty();
        assertThat(rendered.with(NAME, null).with(SINCE, Instant.EPOCH).with(LIMIT, 10).fetch(db)).isEmpty();
        assertThat(rendered.with(NAME, "Beta").with(SINCE, null).with(LIMIT, 10).fetch(db)).isEmpty();
    }

    @Test
    void aStatementLogShowsTheRequestsValues() {
        List<String> logged = new ArrayList<>();
        DSLContext logging = DSL.using(db.configuration().derive(new DefaultExecuteListenerProvider(new ExecuteListener() {
            @Override
            public void executeStart(ExecuteContext context) {
                logged.add(DSL.using(context.dialect()).renderInlined(context.query()));
            }
        })));
        // Rendered with one context, run through another: the listeners are those of the one it runs on.
        RenderedQuery rendered = RenderedQuery.of(db, query(NAME, SINCE, LIMIT), NAME, SINCE, LIMIT);
        rendered.with(NAME, "it's ? a :name").with(SINCE, Instant.parse("2026-01-01T00:00:00Z")).with(LIMIT, 3)
                .fetch(logging);
        assertThat(logged).singleElement().asString()
                .contains("'it''s ? a :name'", "2026-01-01", "fetch next 3 rows only")
                .startsWith(db.render(query(NAME, SINCE, LIMIT)).substring(0, 20));
    }

    @Test
    void everyVariableNeedsAValueAndMustBeTheQuerys() {
        RenderedQuery rendered = RenderedQuery.of(db, query(NAME, SINCE, LIMIT), NAME, SINCE, LIMIT);
        assertThatThrownBy(() -> rendered.with(NAME, "Alpha").with(LIMIT, 1).fetch(db))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("since");
        assertThatThrownBy(() -> rendered.with(param("other", String.class), "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RenderedQuery.of(db, query(NAME, SINCE, LIMIT), NAME, param("other", String.class)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aQueryWhoseSqlCannotBeSplitAtItsBindValuesFailsWhenRendered() {
        Select<?> questionMarkInLiteral = db.select(ORGANIZATION.NAME).from(ORGANIZATION)
                .where(ORGANIZATION.NAME.eq(NAME).or(ORGANIZATION.NAME.eq(inline("why?"))));
        assertThatThrownBy(() -> RenderedQuery.of(db, questionMarkInLiteral, NAME))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("Cannot split");
    }

    private static List<List<Object>> rows(List<? extends Record> records) {
        return records.stream().map(record -> Arrays.asList(record.intoArray())).toList();
    }
}
