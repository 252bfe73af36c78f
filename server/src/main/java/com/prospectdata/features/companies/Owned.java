package com.prospectdata.features.companies;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;

import static org.jooq.impl.DSL.trueCondition;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.SelectConditionStep;
import org.jooq.SelectField;
import org.jooq.Table;

/**
 * A company's data read in the same statement as the organization that owns the company, so
 * that the ownership check costs no round trip of its own (bench/notes/performance.md,
 * "Ownership in the data's own statement").
 * {@link CompanyAccess#requireOwned} turns it into the contract's 404 or 403.
 */
public record Owned<T>(UUID owner, T value) {

    /** Every company beside the search that says who owns it. */
    public static final Table<?> COMPANY_WITH_OWNER =
            COMPANY.join(PROSPECT_SEARCH).on(PROSPECT_SEARCH.ID.eq(COMPANY.PROSPECT_SEARCH_ID));

    /** The owning organization, a column of {@link #COMPANY_WITH_OWNER}. */
    public static final Field<UUID> OWNER = PROSPECT_SEARCH.ORGANIZATION_ID;

    /**
     * One company's row from {@code companies} (which holds {@link #COMPANY_WITH_OWNER}), with its
     * owner and {@code beside}, joined to every row of {@code related}, a table the caller has
     * already restricted to this company (no related row: one row with its columns empty). No row
     * at all when the company does not exist, so that 404 and 403 stay apart. {@code companyId} is
     * the parameter a {@link com.prospectdata.core.sqltypes.RenderedQuery} binds per request.
     */
    public static SelectConditionStep<Record> selectCompany(DSLContext db, Field<UUID> companyId, Table<?> companies,
                                                            Table<?> related, SelectField<?>... beside) {
        List<SelectField<?>> fields = new ArrayList<>();
        fields.add(OWNER);
        fields.addAll(List.of(beside));
        fields.addAll(List.of(related.fields()));
        return db.select(fields)
                .from(companies)
                .leftJoin(related).on(trueCondition())
                .where(COMPANY.ID.eq(companyId));
    }

    /** The rows of one company, {@link #OWNER} among their columns, as its value; empty without a row. */
    public static <T> Optional<Owned<T>> ofRows(Result<Record> rows, Function<Result<Record>, T> value) {
        return rows.isEmpty() ? Optional.empty() : Optional.of(new Owned<>(rows.get(0).get(OWNER), value.apply(rows)));
    }
}
