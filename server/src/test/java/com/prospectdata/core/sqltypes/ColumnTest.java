package com.prospectdata.core.sqltypes;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.UUID;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.SQLDialect;
import org.jooq.SelectField;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;

/** A column reads, by position, the value {@code Record.get(Field)} reads for its field. */
class ColumnTest {

    /** Two tables' fields of one name: a look-up by name alone would confuse them. */
    private static final List<SelectField<?>> SELECT_LIST = List.of(COMPANY.ID, COMPANY.NAME, CONTACT.ID, CONTACT.NAME);

    @Test
    void readsEachFieldsValueAtItsPlace() {
        Record row = DSL.using(SQLDialect.POSTGRES).newRecord(SELECT_LIST.toArray(Field<?>[]::new));
        UUID companyId = UUID.randomUUID();
        UUID contactId = UUID.randomUUID();
        row.set(COMPANY.ID, companyId);
        row.set(COMPANY.NAME, "Acme");
        row.set(CONTACT.ID, contactId);
        row.set(CONTACT.NAME, "Ada");

        assertThat(Column.of(SELECT_LIST, COMPANY.ID).of(row)).isEqualTo(companyId).isEqualTo(row.get(COMPANY.ID));
        assertThat(Column.of(SELECT_LIST, CONTACT.ID).of(row)).isEqualTo(contactId).isEqualTo(row.get(CONTACT.ID));
        assertThat(Column.of(SELECT_LIST, COMPANY.NAME).of(row)).isEqualTo("Acme");
        assertThat(Column.of(SELECT_LIST, CONTACT.NAME).index()).isEqualTo(3);
        assertThat(Column.of(SELECT_LIST, CONTACT.NAME).of(row)).isEqualTo("Ada");
    }

    @Test
    void readsNull() {
        Record row = DSL.using(SQLDialect.POSTGRES).newRecord(SELECT_LIST.toArray(Field<?>[]::new));

        assertThat(Column.of(SELECT_LIST, CONTACT.ID).of(row)).isNull();
    }

    @Test
    void refusesAFieldTheStatementDoesNotSelect() {
        assertThatThrownBy(() -> Column.of(SELECT_LIST, COMPANY.CITY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("city");
    }

    @Test
    void refusesARowWhoseValueThereIsOfAnotherType() {
        Record other = DSL.using(SQLDialect.POSTGRES).newRecord(COMPANY.NAME, COMPANY.ID);
        other.set(COMPANY.NAME, "Acme");

        assertThatThrownBy(() -> Column.of(SELECT_LIST, COMPANY.ID).of(other)).isInstanceOf(ClassCastException.class);
    }
}
