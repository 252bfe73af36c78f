package com.prospectdata.companies;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH_SCORE_COUNT;
import static org.jooq.impl.DSL.coalesce;
import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.param;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.sum;

import com.prospectdata.companies.CompanyRow.ContactRow;
import com.prospectdata.paging.Page;
import com.prospectdata.paging.PageRequest;
import com.prospectdata.replicas.ReadReplicas;
import com.prospectdata.sqltypes.RenderedQuery;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.function.LongSupplier;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.SelectField;
import org.jooq.SelectSeekStepN;
import org.jooq.SelectConditionStep;
import org.jooq.SortField;
import org.jooq.Table;
import org.springframework.stereotype.Repository;

@Repository
public class CompanyQueries {

    /** The company a lookup asks for, bound per request. */
    private static final Param<UUID> COMPANY_ID = param("companyId", UUID.class);

    private final DSLContext db;
    private final RenderedQuery companyWithContacts;

    /** Reads where the request reads: a replica or the primary (docs/SCALING.md, "Read replicas"). */
    public CompanyQueries(ReadReplicas sources) {
        this.db = sources.reads();
        List<SelectField<?>> fields = new ArrayList<>(COMPANY_AND_CONTACT);
        fields.add(Owned.OWNER);
        this.companyWithContacts = RenderedQuery.of(db, db.select(fields)
                .from(Owned.COMPANY_WITH_OWNER)
                .leftJoin(CONTACT).on(CONTACT.COMPANY_ID.eq(COMPANY.ID))
                .where(COMPANY.ID.eq(COMPANY_ID))
                .orderBy(CONTACT.POSITION), COMPANY_ID);
    }

    /** The organization owning a prospect search; empty when the search does not exist. */
    private Optional<UUID> ownerOfProspectSearch(UUID prospectSearchId) {
        return db.select(PROSPECT_SEARCH.ORGANIZATION_ID)
                .from(PROSPECT_SEARCH)
                .where(PROSPECT_SEARCH.ID.eq(prospectSearchId))
                .fetchOptional(PROSPECT_SEARCH.ORGANIZATION_ID);
    }

    /**
     * A company with its owner, in one statement: the ownership check needs no round trip of its
     * own. Empty when the company does not exist.
     */
    public Optional<Owned<CompanyRow>> find(UUID companyId) {
        Result<Record> rows = companyWithContacts.with(COMPANY_ID, companyId).fetch();
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
     */
    public Optional<Owned<Page<CompanyRow>>> list(CompanyFilter filter, PageRequest page, OptionalLong knownTotal) {
        CompanyCriteria criteria = CompanyCriteria.of(filter);
        Condition condition = criteria.onCompanies();
        Optional<Condition> storedCounts = criteria.onStoredCounts();
        Field<UUID> owner = ownerOf(filter.prospectSearchId());
        if (storedCounts.isEmpty() && knownTotal.isEmpty()) {
            return countedPage(filter.prospectSearchId(), condition, page, owner);
        }
        if (storedCounts.isEmpty() || page.offset() == 0) {
            Table<?> pageIds = pageOfIds(select(COMPANY.ID).from(COMPANY).where(condition), page);
            if (knownTotal.isPresent()) {
                Result<Record> rows = selectPage(pageIds, owner).fetch();
                return ownedPage(filter.prospectSearchId(), rows, owner, page, knownTotal::getAsLong);
            }
            Field<Long> total = storedTotal(storedCounts.get());
            Result<Record> rows = selectPage(pageIds, owner, total).fetch();
            return ownedPage(filter.prospectSearchId(), rows, owner, page,
                    () -> rows.isEmpty() ? db.fetchValue(total) : rows.get(0).get(total));
        }
        List<ScoreGroup> groups = scoreGroups(storedCounts.get());
        long total = groups.stream().mapToLong(ScoreGroup::companies).sum();
        long before = 0;
        for (ScoreGroup group : groups) {
            if (before + group.companies() > page.offset()) {
                PageRequest withinGroup = new PageRequest(page.limit(), Math.toIntExact(page.offset() - before));
                Table<?> pageIds = pageOfIds(select(COMPANY.ID).from(COMPANY)
                        .where(condition.and(COMPANY.MATCH_SCORE.le(group.matchScore()))), withinGroup);
                return ownedPage(filter.prospectSearchId(), selectPage(pageIds, owner).fetch(), owner, page, () -> total);
            }
            before += group.companies();
        }
        return ownedPage(filter.prospectSearchId(), db.newResult(), owner, page, () -> total);
    }

    /** The organization owning the prospect search, as a column the page's statement computes once. */
    private static Field<UUID> ownerOf(UUID prospectSearchId) {
        return field(select(PROSPECT_SEARCH.ORGANIZATION_ID)
                .from(PROSPECT_SEARCH)
                .where(PROSPECT_SEARCH.ID.eq(prospectSearchId))).as("owner");
    }

    /**
     * The page's rows as a page with its owner: read from the rows where there are any, else
     * asked for (and the total with it, {@code total} being called only then or after).
     */
    private Optional<Owned<Page<CompanyRow>>> ownedPage(UUID prospectSearchId, Result<Record> rows, Field<UUID> owner,
                                                       PageRequest page, LongSupplier total) {
        Optional<UUID> ownerId = rows.isEmpty() ? ownerOfProspectSearch(prospectSearchId)
                : Optional.of(rows.get(0).get(owner));
        return ownerId.map(id -> new Owned<>(id, new Page<>(withContacts(rows), total.getAsLong(), page)));
    }

    private record ScoreGroup(double matchScore, long companies) {
    }

    /** The filter's companies per match score, best score first. */
    private List<ScoreGroup> scoreGroups(Condition storedCounts) {
        Field<BigDecimal> companies = sum(PROSPECT_SEARCH_SCORE_COUNT.COMPANIES);
        return db.select(PROSPECT_SEARCH_SCORE_COUNT.MATCH_SCORE, companies)
                .from(PROSPECT_SEARCH_SCORE_COUNT)
                .where(storedCounts)
                .groupBy(PROSPECT_SEARCH_SCORE_COUNT.MATCH_SCORE)
                .having(companies.gt(BigDecimal.ZERO))
                .orderBy(PROSPECT_SEARCH_SCORE_COUNT.MATCH_SCORE.desc())
                .fetch(row -> new ScoreGroup(row.value1(), row.value2().longValueExact()));
    }

    /** The filter's companies: one sum, all a first page needs, as a column computed once. */
    private static Field<Long> storedTotal(Condition storedCounts) {
        return field(select(coalesce(sum(PROSPECT_SEARCH_SCORE_COUNT.COMPANIES), BigDecimal.ZERO).cast(Long.class))
                .from(PROSPECT_SEARCH_SCORE_COUNT)
                .where(storedCounts)).as("total");
    }

    private static final List<SortField<?>> LIST_ORDER =
            List.of(COMPANY.MATCH_SCORE.desc(), COMPANY.NAME.asc(), COMPANY.ID.asc());

    private static Table<?> pageOfIds(SelectConditionStep<?> ids, PageRequest page) {
        return ids.orderBy(LIST_ORDER).limit(page.limit()).offset(page.offset()).asTable("page");
    }

    /**
     * For filters the stored counts do not know (a text search, {@code updated_since}): the matches
     * are counted while they are found, as {@code count(*) over ()} beside each id of the page.
     */
    private Optional<Owned<Page<CompanyRow>>> countedPage(UUID prospectSearchId, Condition condition, PageRequest page,
                                                          Field<UUID> owner) {
        Field<Integer> matches = count().over().as("matches");
        Table<?> pageIds = pageOfIds(select(COMPANY.ID, matches).from(COMPANY).where(condition), page);
        Field<Integer> total = pageIds.field(matches);
        Result<Record> rows = selectPage(pageIds, owner, total).fetch();
        // An offset past the end returns no row to read the count from; the contract still wants it.
        return ownedPage(prospectSearchId, rows, owner, page, () -> rows.isEmpty()
                ? (page.offset() == 0 ? 0 : db.fetchCount(COMPANY, condition))
                : rows.get(0).get(total));
    }

    /** The page's companies with their contacts, one row per contact (one for a company without), in list order. */
    private SelectSeekStepN<Record> selectPage(Table<?> pageIds, SelectField<?>... more) {
        List<SelectField<?>> fields = new ArrayList<>(COMPANY_AND_CONTACT);
        fields.addAll(List.of(more));
        List<SortField<?>> order = new ArrayList<>(LIST_ORDER);
        order.add(CONTACT.POSITION.asc());
        return db.select(fields)
                .from(pageIds)
                .join(COMPANY).using(COMPANY.ID)
                .leftJoin(CONTACT).on(CONTACT.COMPANY_ID.eq(COMPANY.ID))
                .orderBy(order);
    }

    /**
     * Contacts come in the companies' query as a left join, not as a MULTISET: measured on a page of
     * 50 companies, PostgreSQL runs the join 1.6 times as fast as the JSON aggregation MULTISET
     * needs, and nothing has to parse JSON afterwards.
     */
    private static final List<SelectField<?>> COMPANY_AND_CONTACT = List.of(COMPANY.ID, COMPANY.PROSPECT_SEARCH_ID,
            COMPANY.NAME, COMPANY.CITY, COMPANY.COUNTRY, COMPANY.BUSINESS_TYPE, COMPANY.WEBSITE, COMPANY.MATCH_SCORE,
            COMPANY.REVIEW_STATUS, COMPANY.PHONE, COMPANY.CREATED_AT, COMPANY.UPDATED_AT,
            CONTACT.ID, CONTACT.NAME, CONTACT.TITLE, CONTACT.EMAIL, CONTACT.LINKEDIN_URL);

    /** Folds rows of {@link #COMPANY_AND_CONTACT}, a company's rows together and its contacts in order. */
    private static List<CompanyRow> withContacts(Result<? extends Record> rows) {
        List<CompanyRow> companies = new ArrayList<>();
        List<ContactRow> contacts = null;
        UUID current = null;
        for (Record row : rows) {
            UUID id = row.get(COMPANY.ID);
            if (!id.equals(current)) {
                current = id;
                contacts = new ArrayList<>();
                companies.add(new CompanyRow(id, row.get(COMPANY.PROSPECT_SEARCH_ID), row.get(COMPANY.NAME),
                        row.get(COMPANY.CITY), row.get(COMPANY.COUNTRY), row.get(COMPANY.BUSINESS_TYPE),
                        row.get(COMPANY.WEBSITE), row.get(COMPANY.MATCH_SCORE), row.get(COMPANY.REVIEW_STATUS),
                        row.get(COMPANY.PHONE), row.get(COMPANY.CREATED_AT), row.get(COMPANY.UPDATED_AT),
                        Collections.unmodifiableList(contacts)));
            }
            if (row.get(CONTACT.ID) != null) {
                contacts.add(new ContactRow(row.get(CONTACT.ID), row.get(CONTACT.NAME), row.get(CONTACT.TITLE),
                        row.get(CONTACT.EMAIL), row.get(CONTACT.LINKEDIN_URL)));
            }
        }
        return companies;
    }
}
