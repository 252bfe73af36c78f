package com.prospectdata.core.sqltypes;

import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.jooq.Binding;
import org.jooq.BindingGetResultSetContext;
import org.jooq.BindingGetSQLInputContext;
import org.jooq.BindingGetStatementContext;
import org.jooq.BindingRegisterContext;
import org.jooq.BindingSQLContext;
import org.jooq.BindingSetSQLOutputContext;
import org.jooq.BindingSetStatementContext;
import org.jooq.Converter;
import org.jooq.impl.DefaultBinding;

/**
 * Every {@code timestamptz} column as an {@link Instant}, read from the driver as a value rather
 * than as text. jOOQ's own binding asks PgJDBC for the column's text and parses it: the driver
 * formats the binary value it received into a string, and jOOQ parses that string back, for every
 * timestamp of every row, a visible share of the companies list's CPU (bench/notes/performance.md,
 * "Timestamps read as values"). PgJDBC turns the binary value into an {@link OffsetDateTime} directly.
 * Writing, bind-value rendering and everything else stay jOOQ's.
 */
public final class InstantBinding implements Binding<OffsetDateTime, Instant> {

    private static final Converter<OffsetDateTime, Instant> CONVERTER = Converter.ofNullable(
            OffsetDateTime.class, Instant.class,
            OffsetDateTime::toInstant, instant -> instant.atOffset(ZoneOffset.UTC));

    private static final Binding<OffsetDateTime, Instant> JOOQ = DefaultBinding.binding(CONVERTER);

    private static final Binding<OffsetDateTime[], Instant[]> JOOQ_FOR_ARRAYS =
            DefaultBinding.binding(CONVERTER.forArrays());

    @Override
    public Converter<OffsetDateTime, Instant> converter() {
        return CONVERTER;
    }

    /** Arrays of instants (the importer's batches) keep jOOQ's own handling. */
    @Override
    public Binding<OffsetDateTime[], Instant[]> arrayBinding() {
        return JOOQ_FOR_ARRAYS;
    }

    @Override
    public void get(BindingGetResultSetContext<Instant> ctx) throws SQLException {
        OffsetDateTime value = ctx.resultSet().getObject(ctx.index(), OffsetDateTime.class);
        ctx.value(value == null ? null : value.toInstant());
    }

    @Override
    public void sql(BindingSQLContext<Instant> ctx) throws SQLException {
        JOOQ.sql(ctx);
    }

    @Override
    public void register(BindingRegisterContext<Instant> ctx) throws SQLException {
        JOOQ.register(ctx);
    }

    @Override
    public void set(BindingSetStatementContext<Instant> ctx) throws SQLException {
        JOOQ.set(ctx);
    }

    @Override
    public void set(BindingSetSQLOutputContext<Instant> ctx) throws SQLException {
        JOOQ.set(ctx);
    }

    @Override
    public void get(BindingGetStatementContext<Instant> ctx) throws SQLException {
        JOOQ.get(ctx);
    }

    @Override
    public void get(BindingGetSQLInputContext<Instant> ctx) throws SQLException {
        JOOQ.get(ctx);
    }
}
