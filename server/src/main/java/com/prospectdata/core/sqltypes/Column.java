package com.prospectdata.core.sqltypes;

import java.util.List;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SelectField;

/**
 * A field of a statement's select list and its position there, so that a row's value is read by
 * position. {@code Record.get(Field)} finds the field among the row's fields on every call; a page
 * of the companies list reads 17 values from each of some 150 rows, and those look-ups showed in
 * the list's profile (bench/notes/performance.md, "Values read by position").
 *
 * @param field the field, whose type the value is checked against
 * @param index its position in the select list
 */
public record Column<T>(Field<T> field, int index) {

    /** {@code field}'s place in {@code selectList}; fails when the statement does not select it. */
    public static <T> Column<T> of(List<? extends SelectField<?>> selectList, Field<T> field) {
        int index = selectList.indexOf(field);
        if (index < 0) {
            throw new IllegalArgumentException("Not in the select list: " + field);
        }
        return new Column<>(field, index);
    }

    /** The value of this column in {@code row}, a row of the statement the column was found in. */
    public T of(Record row) {
        return field.getType().cast(row.get(index));
    }
}
