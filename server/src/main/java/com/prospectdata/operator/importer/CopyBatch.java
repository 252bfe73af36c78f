package com.prospectdata.operator.importer;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.JOB;
import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static com.prospectdata.generated.jooq.Tables.TECHNOLOGY;
import static com.prospectdata.generated.jooq.Tables.WEBTECH_SCAN;

import com.prospectdata.operator.importer.ImportRecord.Company;
import com.prospectdata.operator.importer.ImportRecord.CompanyRemoval;
import com.prospectdata.operator.importer.ImportRecord.Job;
import com.prospectdata.operator.importer.ImportRecord.Organization;
import com.prospectdata.operator.importer.ImportRecord.ProspectSearch;
import com.prospectdata.operator.importer.ImportRecord.WebtechScan;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jooq.Converter;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.TableRecord;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * Import records encoded as PostgreSQL {@code COPY} text, one buffer per table, to be written in
 * one {@code COPY ... FROM STDIN} per table: the fastest way into PostgreSQL. Unlike
 * {@link ImportWriter} it only inserts, so it is for tables that do not hold these records yet, and
 * it writes contacts before their companies (so the database composes each company's search text
 * once, when the company arrives): the foreign keys must be dropped while it writes (see
 * {@code DeferredConstraints}).
 *
 * <p>Encoding and copying are separate steps, so one thread can encode the next batch while
 * another copies this one.
 */
public final class CopyBatch {

    /** Copy order: contacts before companies, see above. */
    private static final List<Table<?>> TABLES = List.of(ORGANIZATION, PROSPECT_SEARCH, CONTACT, COMPANY, WEBTECH_SCAN,
            TECHNOLOGY, JOB);

    /** Each table's written columns, in copy order; computed once, as every row of the load needs them. */
    private static final Map<Table<?>, Field<?>[]> COLUMNS = new LinkedHashMap<>();

    static {
        for (Table<?> table : TABLES) {
            COLUMNS.put(table, ImportRows.writtenFields(table));
        }
    }

    private final Instant now;
    private final Map<Table<?>, StringBuilder> rows = new LinkedHashMap<>();
    private long organizations;
    private long searches;
    private long companies;
    private long contacts;
    private long jobs;
    private long scans;
    private long technologies;

    /** @param now the creation time of organizations and prospect searches (the format has none) */
    public CopyBatch(Instant now) {
        this.now = now;
        for (Table<?> table : TABLES) {
            rows.put(table, new StringBuilder());
        }
    }

    public void add(ImportRecord record) {
        switch (record) {
            case Organization o -> {
                append(ImportRows.organization(o, now));
                organizations++;
            }
            case ProspectSearch s -> {
                append(ImportRows.prospectSearch(s, now));
                searches++;
            }
            case Company c -> {
                append(ImportRows.company(c));
                ImportRows.contacts(c).forEach(this::append);
                companies++;
                contacts += c.contacts().size();
            }
            case WebtechScan s -> {
                append(ImportRows.webtechScan(s));
                ImportRows.technologies(s).forEach(this::append);
                scans++;
                technologies += s.technologies().size();
            }
            case Job j -> {
                append(ImportRows.job(j));
                jobs++;
            }
            case CompanyRemoval r -> throw new IllegalArgumentException(
                    "a bulk load only inserts; company " + r.id() + " cannot be removed by it");
        }
    }

    public ImportCounts counts() {
        return new ImportCounts(organizations, searches, companies, contacts, jobs, scans, technologies, 0);
    }

    /** Copies every buffered row, on the connection of {@code db} (inside the caller's transaction). */
    public void copyInto(DSLContext db) {
        db.connection(connection -> {
            CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
            for (Map.Entry<Table<?>, StringBuilder> table : rows.entrySet()) {
                if (!table.getValue().isEmpty()) {
                    byte[] data = table.getValue().toString().getBytes(StandardCharsets.UTF_8);
                    copy.copyIn(copyStatement(db, table.getKey()), new ByteArrayInputStream(data));
                }
            }
        });
    }

    /** jOOQ has no COPY; the statement is built from jOOQ's rendering of the table and its columns. */
    private static String copyStatement(DSLContext db, Table<?> table) {
        String columns = Arrays.stream(COLUMNS.get(table))
                .map(field -> db.render(field.getUnqualifiedName()))
                .collect(Collectors.joining(", "));
        return "copy " + db.render(table) + " (" + columns + ") from stdin";
    }

    private void append(TableRecord<?> record) {
        StringBuilder out = rows.get(record.getTable());
        Field<?>[] fields = COLUMNS.get(record.getTable());
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                out.append('\t');
            }
            appendValue(out, databaseValue(record, fields[i]));
        }
        out.append('\n');
    }

    /** The value as the column holds it: a status enum as its text, through the field's jOOQ converter. */
    @SuppressWarnings("unchecked")
    private static Object databaseValue(TableRecord<?> record, Field<?> field) {
        return ((Converter<Object, Object>) field.getConverter()).to(record.get(field));
    }

    /** A value in COPY's text format: {@code \N} for null, backslash escapes for the delimiters. */
    static void appendValue(StringBuilder out, Object value) {
        if (value == null) {
            out.append("\\N");
            return;
        }
        String text = value.toString(); // UUID, OffsetDateTime (ISO 8601), numbers: all forms PostgreSQL reads
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
    }

    static {
        // Fails fast if a new column type appears whose toString() PostgreSQL might not read back.
        for (Field<?>[] columns : COLUMNS.values()) {
            for (Field<?> field : columns) {
                Class<?> type = field.getConverter().fromType();
                if (!(type == String.class || type == UUID.class || type == OffsetDateTime.class
                        || type == Double.class || type == Integer.class)) {
                    throw new ExceptionInInitializerError("No COPY text form for " + field + " of " + type);
                }
            }
        }
    }
}
