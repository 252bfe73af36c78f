package com.prospectdata.data.database;

import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.function;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;
import static org.jooq.impl.DSL.val;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Name;
import org.jooq.Table;
import org.jooq.impl.SQLDataType;

/**
 * Foreign keys and secondary indexes set aside for a bulk load and put back exactly as they were:
 * building an index once over loaded rows is several times faster than updating it row by row,
 * and one validating join per foreign key is faster than a check per row. Everything happens in
 * the caller's transaction, so a failed load leaves the schema as it found it; other sessions
 * wait for the tables meanwhile (dropping takes their exclusive lock).
 *
 * <p>The definitions are read from PostgreSQL's catalog ({@code pg_get_indexdef},
 * {@code pg_get_constraintdef}) rather than repeated here, so they cannot drift from the
 * migrations. Unique indexes (primary keys among them) stay: foreign keys need them.
 */
public final class DeferredConstraints {

    private static final Table<?> PG_INDEX = table(name("pg_catalog", "pg_index"));
    private static final Table<?> PG_CLASS = table(name("pg_catalog", "pg_class"));
    private static final Table<?> PG_CONSTRAINT = table(name("pg_catalog", "pg_constraint"));
    private static final Field<Object> INDEX_ID = field(name("pg_index", "indexrelid"));
    private static final Field<Object> INDEXED_TABLE_ID = field(name("pg_index", "indrelid"));
    private static final Field<Boolean> INDEX_IS_UNIQUE = field(name("pg_index", "indisunique"), SQLDataType.BOOLEAN);
    private static final Field<Object> CLASS_ID = field(name("pg_class", "oid"));
    private static final Field<String> CLASS_NAME = field(name("pg_class", "relname"), SQLDataType.VARCHAR);
    private static final Field<Object> CONSTRAINT_ID = field(name("pg_constraint", "oid"));
    private static final Field<String> CONSTRAINT_NAME = field(name("pg_constraint", "conname"), SQLDataType.VARCHAR);
    private static final Field<Object> CONSTRAINED_TABLE_ID = field(name("pg_constraint", "conrelid"));
    private static final Field<String> CONSTRAINT_TYPE = field(name("pg_constraint", "contype"), SQLDataType.CHAR);

    private record Index(Name name, String definition) {
    }

    private record ForeignKey(Table<?> table, Name name, String definition) {
    }

    private final DSLContext db;
    private final List<Index> indexes;
    private final List<ForeignKey> foreignKeys;

    private DeferredConstraints(DSLContext db, List<Index> indexes, List<ForeignKey> foreignKeys) {
        this.db = db;
        this.indexes = indexes;
        this.foreignKeys = foreignKeys;
    }

    /**
     * Drops the non-unique indexes of {@code indexedTables} and the foreign keys of
     * {@code constrainedTables}; {@link #restore(Runnable)} creates them again.
     */
    public static DeferredConstraints drop(DSLContext db, Collection<? extends Table<?>> indexedTables,
                                           Collection<? extends Table<?>> constrainedTables) {
        List<Index> indexes = new ArrayList<>();
        for (Table<?> table : indexedTables) {
            db.select(CLASS_NAME, function("pg_get_indexdef", SQLDataType.VARCHAR, INDEX_ID))
                    .from(PG_INDEX)
                    .join(PG_CLASS).on(CLASS_ID.eq(INDEX_ID))
                    .where(INDEXED_TABLE_ID.eq(tableId(db, table)))
                    .and(INDEX_IS_UNIQUE.isFalse())
                    .orderBy(CLASS_NAME)
                    .forEach(row -> indexes.add(new Index(qualified(table, row.value1()), row.value2())));
        }
        List<ForeignKey> foreignKeys = new ArrayList<>();
        for (Table<?> table : constrainedTables) {
            db.select(CONSTRAINT_NAME, function("pg_get_constraintdef", SQLDataType.VARCHAR, CONSTRAINT_ID))
                    .from(PG_CONSTRAINT)
                    .where(CONSTRAINED_TABLE_ID.eq(tableId(db, table)))
                    .and(CONSTRAINT_TYPE.eq("f"))
                    .orderBy(CONSTRAINT_NAME)
                    .forEach(row -> foreignKeys.add(new ForeignKey(table, name(row.value1()), row.value2())));
        }
        for (ForeignKey key : foreignKeys) {
            db.alterTable(key.table()).dropConstraint(key.name()).execute();
        }
        for (Index index : indexes) {
            db.dropIndex(index.name()).execute();
        }
        return new DeferredConstraints(db, List.copyOf(indexes), List.copyOf(foreignKeys));
    }

    public int size() {
        return indexes.size() + foreignKeys.size();
    }

    /** Creates the indexes, then the foreign keys, as they were; {@code afterEach} hears each one done. */
    public void restore(Runnable afterEach) {
        // The catalog's own DDL text: jOOQ can render neither an arbitrary index (expressions,
        // operator classes, predicates, INCLUDE) nor a constraint from its definition.
        for (Index index : indexes) {
            db.execute(index.definition());
            afterEach.run();
        }
        for (ForeignKey key : foreignKeys) {
            db.execute("alter table {0} add constraint {1} " + key.definition(), key.table(), key.name());
            afterEach.run();
        }
    }

    /** The table's oid, resolved by PostgreSQL from jOOQ's rendering of its (qualified) name. */
    private static Field<Object> tableId(DSLContext db, Table<?> table) {
        return function("to_regclass", Object.class, val(db.render(table)));
    }

    private static Name qualified(Table<?> table, String indexName) {
        return table.getSchema() == null ? name(indexName) : name(table.getSchema().getName(), indexName);
    }
}
