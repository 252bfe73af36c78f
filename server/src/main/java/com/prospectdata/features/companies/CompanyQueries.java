package com.prospectdata.features.companies;

import static com.prospectdata.features.companies.CompanyListStatements.COMPANY_AND_CONTACT;
import static com.prospectdata.features.companies.CompanyListStatements.OWNER;
import static com.prospectdata.features.companies.CompanyListStatements.TOTAL;
import static com.prospectdata.features.companies.CompanyListStatements.window;
import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static org.jooq.impl.DSL.any;
import static org.jooq.impl.DSL.param;

import com.prospectdata.features.companies.CompanyListStatements.Kind;
import com.prospectdata.features.companies.CompanyRow.ContactRow;
import com.prospectdata.pipeline.paging.Keyset;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.pipeline.paging.PageRequest;
import com.prospectdata.generated.model.ReviewStatus;
import com.prospectdata.core.sqltypes.Column;
import com.prospectdata.core.sqltypes.RenderedQuery;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.RequestReads;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.LongSupplier;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.SelectField;
import org.jooq.impl.SQLDataType;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Repository;

@Repository
class CompanyQueries {

    /** The company a lookup asks for, bound per request. */
    private static final Param<UUID> COMPANY_ID = param("companyId", UUID.class);
    private static final Param<UUID[]> COMPANY_IDS = param("companyIds", SQLDataType.UUID.array());
    private static final Param<UUID> SEARCH_ID = param("prospectSearchId", UUID.class);

    private final RequestReads reads;
    private final RenderedQuery companyWithContacts;
    private final RenderedQuery companiesOfSearch;
    private final CompanyListStatements lists;

    /**
     * Renders its statements with {@code db}'s dialect and settings; each runs where the request
     * reads, a replica or the primary (docs/SCALING.md, "Read replicas").
     */
    public CompanyQueries(RequestReads reads, DSLContext db) {
        this.reads = reads;
        this.lists = new CompanyListStatements(db);
        List<SelectField<?>> fields = new ArrayList<>(COMPANY_AND_CONTACT);
        fields.add(Owned.OWNER);
        this.companyWithContacts = RenderedQuery.of(db, db.select(fields)
                .from(Owned.COMPANY_WITH_OWNER)
                .leftJoin(CONTACT).on(CONTACT.COMPANY_ID.eq(COMPANY.ID))
                .where(COMPANY.ID.eq(COMPANY_ID))
                .orderBy(CONTACT.POSITION), COMPANY_ID);
        this.companiesOfSearch = RenderedQuery.of(db, db.select(COMPANY_AND_CONTACT)
                .from(COMPANY)
                .leftJoin(CONTACT).on(CONTACT.COMPANY_ID.eq(COMPANY.ID))
                .where(COMPANY.ID.eq(any(COMPANY_IDS)).and(COMPANY.PROSPECT_SEARCH_ID.eq(SEARCH_ID)))
                .orderBy(COMPANY.ID, CONTACT.POSITION), COMPANY_IDS, SEARCH_ID);
    }

    /** Those of {@code companyIds} that are in the search now, with their contacts, read in {@code snapshot}. */
    List<CompanyRow> ofSearch(RequestReads.Snapshot snapshot, UUID prospectSearchId, Collection<UUID> companyIds) {
        if (companyIds.isEmpty()) {
            return List.of();
        }
        return withContacts(snapshot.fetch(companiesOfSearch.with(COMPANY_IDS, companyIds.toArray(UUID[]::new))
                .with(SEARCH_ID, prospectSearchId)));
    }

    /**
     * A company with its owner, in one statement: the ownership check needs no round trip of its
     * own. Empty when the company does not exist.
     */
    public Optional<Owned<CompanyRow>> find(RequestContext request, UUID companyId) {
        Result<Record> rows = reads.fetch(request, companyWithContacts.with(COMPANY_ID, companyId));
        return Owned.ofRows(rows, found -> withContacts(found).getFirst());
    }

    /**
     * One page in the contract's order (match_score desc, name asc, id asc), the exact total and
     * the organization owning the prospect search; empty when the search does not exist.
     *
     * <p>Pages are found on ids alone, in the index, and joined to their rows afterwards. Without a
     * text search the database's counts per score (migration V2) give the total, and let a later
     * page start at the score group that holds its first row: the offset then only skips rows of
     * that group. With a text search or {@code updated_since} the matches are counted while they
     * are found.
     *
     * <p>The owner, and a total that needs no position, come in the page's own statement as
     * subqueries that do not depend on the row, so PostgreSQL computes each once: a first page is
     * one statement. Only a page without rows (past the end, or nothing matches) asks for them
     * separately, since there is no row to carry them.
     *
     * <p>A {@code knownTotal} (the filter's total read earlier at the same data version) spares
     * the count where the page does not need it for its position.
     *
     * <p>Each statement is rendered once per filter shape ({@link CompanyListStatements}).
     */
    public Optional<Owned<Page<CompanyRow>>> list(RequestContext request, CompanyFilter filter, PageRequest page,
                                                  OptionalLong knownTotal) {
        CompanyListStatements.ForFilter statements = lists.forFilter(filter);
        Optional<Keyset> after = page.cursorPosition();
        if (after.isPresent()) {
            Result<Record> rows = reads.fetch(request,
                    CompanyListStatements.after(statements.of(CompanyListStatements.pageAfter(after.get())), page.rowsToRead(),
                            after.get()));
            return ownedPage(request, filter, rows, page, () -> knownTotal.isPresent() ? knownTotal.getAsLong()
                    : single(request, statements.of(statements.countsStored() ? Kind.STORED_TOTAL : Kind.COUNT), TOTAL));
        }
        if (!statements.countsStored() && knownTotal.isEmpty()) {
            Result<Record> rows = reads.fetch(request, window(statements.of(Kind.COUNTED_PAGE), page));
            // An offset past the end returns no row to read the count from; the contract still wants it.
            return ownedPage(request, filter, rows, page, () -> rows.isEmpty()
                    ? (page.offset() == 0 ? 0 : single(request, statements.of(Kind.COUNT), TOTAL))
                    : rows.get(0).get(TOTAL));
        }
        if (knownTotal.isPresent() && (!statements.countsStored() || page.offset() == 0)) {
            return ownedPage(request, filter, reads.fetch(request, window(statements.of(Kind.PAGE), page)), page,
                    knownTotal::getAsLong);
        }
        if (page.offset() == 0) {
            Result<Record> rows = reads.fetch(request, window(statements.of(Kind.PAGE_WITH_STORED_TOTAL), page));
            return ownedPage(request, filter, rows, page, () -> rows.isEmpty()
                    ? single(request, statements.of(Kind.STORED_TOTAL), TOTAL)
                    : rows.get(0).get(TOTAL));
        }
        List<ScoreGroup> groups = reads.fetch(request, statements.of(Kind.SCORE_GROUPS)).map(row ->
                new ScoreGroup(row.get(CompanyListStatements.MATCH_SCORE),
                        row.get(CompanyListStatements.COMPANIES).longValueExact()));
        long total = groups.stream().mapToLong(ScoreGroup::companies).sum();
        long before = 0;
        for (ScoreGroup group : groups) {
            if (before + group.companies() > page.offset()) {
                PageRequest withinGroup = new PageRequest(page.limit(), Math.toIntExact(page.offset() - before));
                Result<Record> rows = reads.fetch(request, window(statements.of(Kind.PAGE_WITHIN_SCORE), withinGroup)
                        .with(CompanyListStatements.WITHIN_SCORE, group.matchScore()));
                return ownedPage(request, filter, rows, page, () -> total);
            }
            before += group.companies();
        }
        return ownedPage(request, filter, null, page, () -> total);
    }

    private record ScoreGroup(double matchScore, long companies) {
    }

    /** The organization owning the prospect search, read where the request reads; empty when it does not exist. */
    Optional<UUID> owner(RequestContext request, UUID prospectSearchId) {
        return Optional.ofNullable(reads.fetch(request, lists.owner(prospectSearchId)).get(0).get(OWNER));
    }

    /** The organization owning the prospect search, read in {@code snapshot}; empty when it does not exist. */
    Optional<UUID> owner(RequestReads.Snapshot snapshot, UUID prospectSearchId) {
        return Optional.ofNullable(snapshot.fetch(lists.owner(prospectSearchId)).get(0).get(OWNER));
    }

    /** The filter's companies, counted in {@code snapshot}. */
    long total(RequestReads.Snapshot snapshot, CompanyFilter filter) {
        CompanyListStatements.ForFilter statements = lists.forFilter(filter);
        return snapshot.fetch(statements.of(statements.countsStored() ? Kind.STORED_TOTAL : Kind.COUNT)).get(0).get(TOTAL);
    }

    /**
     * Up to {@code size} companies of the filter in list order, the first ones ({@code after}
     * null) or those strictly after {@code after}, with their contacts, read in {@code snapshot}:
     * an export's batch, each a short statement of the list's own.
     */
    List<CompanyRow> batch(RequestReads.Snapshot snapshot, CompanyFilter filter, @Nullable Keyset after, int size) {
        CompanyListStatements.ForFilter statements = lists.forFilter(filter);
        Result<Record> rows = after != null
                ? snapshot.fetch(CompanyListStatements.after(statements.of(CompanyListStatements.pageAfter(after)),
                        size, after))
                : snapshot.fetch(window(statements.of(Kind.PAGE), new PageRequest(size, 0)));
        return withContacts(rows);
    }

    /**
     * The page's rows (null or empty: none) as a page with its owner: read from the rows where
     * there are any, else asked for, and the total with it ({@code total} is called after the owner).
     */
    private Optional<Owned<Page<CompanyRow>>> ownedPage(RequestContext request, CompanyFilter filter, Result<Record> rows,
                                                       PageRequest page, LongSupplier total) {
        boolean none = rows == null || rows.isEmpty();
        UUID owner = none ? reads.fetch(request, lists.owner(filter.prospectSearchId())).get(0).get(OWNER)
                : rows.get(0).get(OWNER);
        if (owner == null) {
            return Optional.empty();
        }
        return Optional.of(new Owned<>(owner, none ? Page.pastTheEnd(total.getAsLong(), page)
                : Page.of(withContacts(rows), total.getAsLong(), page, CompanyQueries::keyOf)));
    }

    /** A company's place in the list's order: match_score, name, id. */
    static Keyset keyOf(CompanyRow company) {
        return Keyset.of(company.matchScore(), Keyset.Text.of(company.name()), company.id());
    }

    /** The types of {@link #keyOf}'s values, which a cursor of this list must carry. */
    static final List<Class<?>> KEY_TYPES = List.of(Double.class, Keyset.Text.class, UUID.class);

    /** The one value of a statement that returns one row. */
    private long single(RequestContext request, RenderedQuery.Execution execution, Field<Long> value) {
        return reads.fetch(request, execution).get(0).get(value);
    }

    /** Folds rows of {@link CompanyListStatements#COMPANY_AND_CONTACT}, a company's rows together and its contacts in order. */
    private static List<CompanyRow> withContacts(Result<? extends Record> rows) {
        List<CompanyRow> companies = new ArrayList<>();
        List<ContactRow> contacts = null;
        UUID current = null;
        for (Record row : rows) {
            UUID id = Read.ID.of(row);
            if (!id.equals(current)) {
                current = id;
                contacts = new ArrayList<>();
                companies.add(new CompanyRow(id, Read.PROSPECT_SEARCH_ID.of(row), Read.NAME.of(row), Read.CITY.of(row),
                        Read.COUNTRY.of(row), Read.BUSINESS_TYPE.of(row), Read.WEBSITE.of(row), Read.MATCH_SCORE.of(row),
                        Read.REVIEW_STATUS.of(row), Read.PHONE.of(row), Read.CREATED_AT.of(row), Read.UPDATED_AT.of(row),
                        Collections.unmodifiableList(contacts)));
            }
            UUID contactId = Read.CONTACT_ID.of(row);
            if (contactId != null) {
                contacts.add(new ContactRow(contactId, Read.CONTACT_NAME.of(row), Read.CONTACT_TITLE.of(row),
                        Read.CONTACT_EMAIL.of(row), Read.CONTACT_LINKEDIN_URL.of(row)));
            }
        }
        return companies;
    }

    /** The columns of {@link CompanyListStatements#COMPANY_AND_CONTACT}, which every statement here selects first. */
    private static final class Read {
        static final Column<UUID> ID = column(COMPANY.ID);
        static final Column<UUID> PROSPECT_SEARCH_ID = column(COMPANY.PROSPECT_SEARCH_ID);
        static final Column<String> NAME = column(COMPANY.NAME);
        static final Column<String> CITY = column(COMPANY.CITY);
        static final Column<String> COUNTRY = column(COMPANY.COUNTRY);
        static final Column<String> BUSINESS_TYPE = column(COMPANY.BUSINESS_TYPE);
        static final Column<String> WEBSITE = column(COMPANY.WEBSITE);
        static final Column<Double> MATCH_SCORE = column(COMPANY.MATCH_SCORE);
        static final Column<ReviewStatus> REVIEW_STATUS = column(COMPANY.REVIEW_STATUS);
        static final Column<String> PHONE = column(COMPANY.PHONE);
        static final Column<Instant> CREATED_AT = column(COMPANY.CREATED_AT);
        static final Column<Instant> UPDATED_AT = column(COMPANY.UPDATED_AT);
        static final Column<UUID> CONTACT_ID = column(CONTACT.ID);
        static final Column<String> CONTACT_NAME = column(CONTACT.NAME);
        static final Column<String> CONTACT_TITLE = column(CONTACT.TITLE);
        static final Column<String> CONTACT_EMAIL = column(CONTACT.EMAIL);
        static final Column<String> CONTACT_LINKEDIN_URL = column(CONTACT.LINKEDIN_URL);

        private static <T> Column<T> column(Field<T> field) {
            return Column.of(COMPANY_AND_CONTACT, field);
        }
    }
}
