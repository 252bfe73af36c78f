package com.prospectdata.features.companies;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH_SCORE_COUNT;
import static org.jooq.impl.DSL.coalesce;
import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.param;
import static org.jooq.impl.DSL.row;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.sum;

import com.prospectdata.pipeline.paging.Keyset;
import com.prospectdata.pipeline.paging.PageRequest;
import com.prospectdata.core.sqltypes.RenderedQuery;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Select;
import org.jooq.SelectConditionStep;
import org.jooq.SelectField;
import org.jooq.SortField;
import org.jooq.Table;

/**
 * The companies list's statements as typed jOOQ queries, each rendered once per kind and filter
 * shape ({@link CompanyCriteria.Shape}) instead of on every request ({@link RenderedQuery}). A
 * shape is which filters are set, how many review statuses and the search term's form, so there
 * are at most a few hundred statements, each rendered when a request first needs it.
 */
final class CompanyListStatements {

    /** What a statement reads. Each names, in its columns, the values {@link CompanyQueries} reads from it. */
    enum Kind {
        /** A page, the owner and the filter's matches counted beside the page's ids ({@code count(*) over ()}). */
        COUNTED_PAGE,
        /** A page and the owner: the total is known already. */
        PAGE,
        /** A first page, the owner and the total from the stored counts. */
        PAGE_WITH_STORED_TOTAL,
        /** A page of the companies scoring at most {@link #WITHIN_SCORE} (a later page starts in its score group), and the owner. */
        PAGE_WITHIN_SCORE,
        /** The stored counts per match score, best score first ({@link #MATCH_SCORE}, {@link #COMPANIES}). */
        SCORE_GROUPS,
        /** The total from the stored counts, alone. */
        STORED_TOTAL,
        /** The filter's matches counted, alone. */
        COUNT,
        /**
         * A page of the companies strictly after a cursor's company ({@link #AFTER_SCORE},
         * {@link #AFTER_NAME}, {@link #AFTER_ID}) and the owner: the rest of the cursor's score
         * group, then the lower scores, each a range of the list's index, so that the page costs
         * the same at any depth.
         */
        PAGE_AFTER,
        /** The same after a name known only by its first bytes: from the first company whose name is at least that prefix. */
        PAGE_FROM_NAME_PREFIX
    }

    static final Param<Integer> LIMIT = param("limit", Integer.class);
    static final Param<Integer> OFFSET = param("offset", Integer.class);
    static final Param<Double> WITHIN_SCORE = param("withinScore", COMPANY.MATCH_SCORE.getDataType());
    static final Param<Double> AFTER_SCORE = param("afterScore", COMPANY.MATCH_SCORE.getDataType());
    static final Param<String> AFTER_NAME = param("afterName", String.class);
    static final Param<UUID> AFTER_ID = param("afterId", UUID.class);

    /** The organization owning the prospect search: a subquery independent of the row, computed once per statement. */
    static final Field<UUID> OWNER = field(select(PROSPECT_SEARCH.ORGANIZATION_ID)
            .from(PROSPECT_SEARCH)
            .where(PROSPECT_SEARCH.ID.eq(CompanyCriteria.PROSPECT_SEARCH_ID))).as("owner");
    /** The filter's total, under this name in every statement that has it. */
    static final Field<Long> TOTAL = field(name("total"), Long.class);
    static final Field<Double> MATCH_SCORE = PROSPECT_SEARCH_SCORE_COUNT.MATCH_SCORE;
    static final Field<BigDecimal> COMPANIES = field(name("companies"), BigDecimal.class);

    /** The contract's order of the list: match_score desc, name, id. */
    private static final List<SortField<?>> LIST_ORDER =
            List.of(COMPANY.MATCH_SCORE.desc(), COMPANY.NAME.asc(), COMPANY.ID.asc());

    /**
     * Contacts come in the companies' query as a left join, not as a MULTISET: PostgreSQL runs the
     * join faster than the JSON aggregation MULTISET needs, and nothing has to parse JSON
     * afterwards (bench/notes/performance.md, "Query design").
     */
    static final List<SelectField<?>> COMPANY_AND_CONTACT = List.of(COMPANY.ID, COMPANY.PROSPECT_SEARCH_ID,
            COMPANY.NAME, COMPANY.CITY, COMPANY.COUNTRY, COMPANY.BUSINESS_TYPE, COMPANY.WEBSITE, COMPANY.MATCH_SCORE,
            COMPANY.REVIEW_STATUS, COMPANY.PHONE, COMPANY.CREATED_AT, COMPANY.UPDATED_AT,
            CONTACT.ID, CONTACT.NAME, CONTACT.TITLE, CONTACT.EMAIL, CONTACT.LINKEDIN_URL);

    private record Key(CompanyCriteria.Shape shape, Kind kind) {
    }

    private final DSLContext db;
    /** The criteria of each shape, built once: their conditions hold parameters, not a request's values. */
    private final Map<CompanyCriteria.Shape, CompanyCriteria> criteria = new ConcurrentHashMap<>();
    private final Map<Key, RenderedQuery> rendered = new ConcurrentHashMap<>();
    private final RenderedQuery ownerAlone;

    CompanyListStatements(DSLContext db) {
        this.db = db;
        this.ownerAlone = RenderedQuery.of(db, db.select(OWNER), CompanyCriteria.PROSPECT_SEARCH_ID);
    }

    /** The owner alone, in one row: null when the prospect search does not exist. */
    RenderedQuery.Execution owner(UUID prospectSearchId) {
        return ownerAlone.with(CompanyCriteria.PROSPECT_SEARCH_ID, prospectSearchId);
    }

    /** The statements for {@code filter}: its shape found, and its criteria looked up, once. */
    ForFilter forFilter(CompanyFilter filter) {
        return new ForFilter(filter, criteria.computeIfAbsent(CompanyCriteria.Shape.of(filter), CompanyCriteria::of));
    }

    /** One filter's statements. */
    final class ForFilter {

        private final CompanyFilter filter;
        private final CompanyCriteria criteria;

        private ForFilter(CompanyFilter filter, CompanyCriteria criteria) {
            this.filter = filter;
            this.criteria = criteria;
        }

        /** Whether the stored counts answer the filter's total (no text search, no {@code updated_since}). */
        boolean countsStored() {
            return criteria.countsStored();
        }

        /**
         * The statement of {@code kind} with the filter's values bound; a page's {@link #LIMIT} and
         * {@link #OFFSET} (and {@link #WITHIN_SCORE}) are for the caller to set.
         */
        RenderedQuery.Execution of(Kind kind) {
            RenderedQuery query = rendered.computeIfAbsent(new Key(criteria.shape(), kind), key -> render(kind, criteria));
            return CompanyCriteria.bind(query.execution(), filter);
        }
    }

    /** {@code execution} with the page's window set. */
    static RenderedQuery.Execution window(RenderedQuery.Execution execution, PageRequest page) {
        return execution.with(LIMIT, page.limit()).with(OFFSET, page.offset());
    }

    /** The kind of statement that reads the page after {@code after}: its name may be whole, or a prefix. */
    static Kind pageAfter(Keyset after) {
        return after.get(1, Keyset.Text.class).whole() ? Kind.PAGE_AFTER : Kind.PAGE_FROM_NAME_PREFIX;
    }

    /** {@code execution}, of the kind {@link #pageAfter} chose: up to {@code rows} rows after the cursor's company. */
    static RenderedQuery.Execution after(RenderedQuery.Execution execution, int rows, Keyset after) {
        Keyset.Text name = after.get(1, Keyset.Text.class);
        RenderedQuery.Execution bound = execution.with(LIMIT, rows)
                .with(AFTER_SCORE, after.get(0, Double.class))
                .with(AFTER_NAME, name.value());
        return name.whole() ? bound.with(AFTER_ID, after.get(2, UUID.class)) : bound;
    }

    private RenderedQuery render(Kind kind, CompanyCriteria criteria) {
        Condition matches = criteria.onCompanies();
        List<Param<?>> variables = new ArrayList<>(criteria.variables());
        Select<?> query = switch (kind) {
            case COUNTED_PAGE -> {
                Field<Long> counted = count().over().coerce(Long.class).as(TOTAL.getName());
                Table<?> ids = pageOfIds(select(COMPANY.ID, counted).from(COMPANY).where(matches));
                yield selectPage(ids, OWNER, ids.field(counted));
            }
            case PAGE -> selectPage(pageOfIds(select(COMPANY.ID).from(COMPANY).where(matches)), OWNER);
            case PAGE_WITH_STORED_TOTAL -> selectPage(pageOfIds(select(COMPANY.ID).from(COMPANY).where(matches)), OWNER,
                    storedTotal(criteria));
            case PAGE_WITHIN_SCORE -> {
                variables.add(WITHIN_SCORE);
                yield selectPage(pageOfIds(select(COMPANY.ID).from(COMPANY)
                        .where(matches.and(COMPANY.MATCH_SCORE.le(WITHIN_SCORE)))), OWNER);
            }
            case SCORE_GROUPS -> {
                Field<BigDecimal> companies = sum(PROSPECT_SEARCH_SCORE_COUNT.COMPANIES);
                yield db.select(MATCH_SCORE, companies.as(COMPANIES.getName()))
                        .from(PROSPECT_SEARCH_SCORE_COUNT)
                        .where(criteria.onStoredCounts().orElseThrow())
                        .groupBy(MATCH_SCORE)
                        .having(companies.gt(BigDecimal.ZERO))
                        .orderBy(MATCH_SCORE.desc());
            }
            case STORED_TOTAL -> db.select(storedTotal(criteria));
            case COUNT -> db.select(count().coerce(Long.class).as(TOTAL.getName())).from(COMPANY).where(matches);
            case PAGE_AFTER, PAGE_FROM_NAME_PREFIX -> {
                boolean wholeName = kind == Kind.PAGE_AFTER;
                variables.addAll(wholeName ? List.of(AFTER_SCORE, AFTER_NAME, AFTER_ID, LIMIT) : List.of(AFTER_SCORE, AFTER_NAME, LIMIT));
                // From a prefix, whatever the id: no company whose name begins with it is missed.
                Condition restOfGroup = wholeName ? row(COMPANY.NAME, COMPANY.ID).gt(AFTER_NAME, AFTER_ID) : COMPANY.NAME.ge(AFTER_NAME);
                Table<?> after = select(COMPANY.ID, COMPANY.MATCH_SCORE, COMPANY.NAME).from(COMPANY)
                        .where(matches.and(COMPANY.MATCH_SCORE.eq(AFTER_SCORE)).and(restOfGroup))
                        .orderBy(COMPANY.NAME.asc(), COMPANY.ID.asc()).limit(LIMIT)
                        .unionAll(select(COMPANY.ID, COMPANY.MATCH_SCORE, COMPANY.NAME).from(COMPANY)
                                .where(matches.and(COMPANY.MATCH_SCORE.lt(AFTER_SCORE)))
                                .orderBy(LIST_ORDER).limit(LIMIT))
                        .asTable("after");
                Table<?> ids = select(after.field(COMPANY.ID)).from(after)
                        .orderBy(after.field(COMPANY.MATCH_SCORE).desc(), after.field(COMPANY.NAME).asc(),
                                after.field(COMPANY.ID).asc())
                        .limit(LIMIT).asTable("page");
                yield selectPage(ids, OWNER);
            }
        };
        if (kind != Kind.SCORE_GROUPS && kind != Kind.STORED_TOTAL && kind != Kind.COUNT && kind != Kind.PAGE_AFTER
                && kind != Kind.PAGE_FROM_NAME_PREFIX) {
            variables.add(LIMIT);
            variables.add(OFFSET);
        }
        return RenderedQuery.of(db, query, variables.toArray(Param<?>[]::new));
    }

    /** The filter's companies from the stored counts: one sum, as a column computed once. */
    private static Field<Long> storedTotal(CompanyCriteria criteria) {
        return field(select(coalesce(sum(PROSPECT_SEARCH_SCORE_COUNT.COMPANIES), BigDecimal.ZERO).cast(Long.class))
                .from(PROSPECT_SEARCH_SCORE_COUNT)
                .where(criteria.onStoredCounts().orElseThrow())).as(TOTAL.getName());
    }

    private static Table<?> pageOfIds(SelectConditionStep<?> ids) {
        return ids.orderBy(LIST_ORDER).limit(LIMIT).offset(OFFSET).asTable("page");
    }

    /** The page's companies with their contacts, one row per contact (one for a company without), in list order. */
    private Select<?> selectPage(Table<?> pageIds, SelectField<?>... more) {
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
}
