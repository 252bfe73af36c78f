package com.prospectdata.features.webtech;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.TECHNOLOGY;
import static com.prospectdata.generated.jooq.Tables.WEBTECH_SCAN;
import static org.jooq.impl.DSL.castNull;
import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.condition;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.lower;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.noCondition;
import static org.jooq.impl.DSL.param;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.selectCount;
import static org.jooq.impl.SQLDataType.INTEGER;

import com.prospectdata.features.companies.Owned;
import com.prospectdata.generated.model.ScanStatus;
import com.prospectdata.pipeline.paging.Keyset;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.pipeline.paging.PageRequest;
import com.prospectdata.core.sqltypes.RenderedQuery;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.RequestReads;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.Select;
import org.jooq.SelectField;
import org.jooq.SortField;
import org.jooq.Table;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Repository;

@Repository
class TechnologyQueries {

    /** The request's values, bound per execution of the SQL rendered once (RenderedQuery). */
    private static final Param<UUID> COMPANY_ID = param("companyId", UUID.class);
    private static final Param<Integer> MIN_CONFIDENCE = param("minConfidence", Integer.class);
    private static final Param<String> CATEGORY = param("category", String.class);
    private static final Param<Integer> LIMIT = param("limit", Integer.class);
    private static final Param<Integer> OFFSET = param("offset", Integer.class);
    /** A cursor's technology ({@link #keyOf}): the page starts after it, or at its name when the cursor holds only the name's first bytes. */
    private static final Param<Integer> AFTER_CONFIDENCE = param("afterConfidence", Integer.class);
    private static final Param<String> AFTER_NAME = param("afterName", String.class);
    private static final Param<Boolean> FROM_NAME_PREFIX = param("fromNamePrefix", Boolean.class);

    /** A category's number of technologies, a column of the summary's rows that count one. */
    private static final Field<Integer> IN_CATEGORY = field(name("in_category"), Integer.class);

    private final RequestReads reads;
    private final ListStatement allCategories;
    private final ListStatement oneCategory;
    private final ListStatement allCategoriesAfter;
    private final ListStatement oneCategoryAfter;
    private final SummaryStatement summary;

    /**
     * Renders its statements once with {@code db}'s dialect and settings; each runs where the
     * request reads, a replica or the primary (docs/SCALING.md, "Read replicas").
     */
    public TechnologyQueries(RequestReads reads, DSLContext db) {
        this.reads = reads;
        this.allCategories = ListStatement.of(db, false, false);
        this.oneCategory = ListStatement.of(db, true, false);
        this.allCategoriesAfter = ListStatement.of(db, false, true);
        this.oneCategoryAfter = ListStatement.of(db, true, true);
        this.summary = SummaryStatement.of(db);
    }

    public record TechnologyRow(String name, String category, int confidence, String version) {
    }

    /** The list's order: confidence desc, then name asc (unique per company). */
    private static final List<SortField<?>> ORDER = List.of(TECHNOLOGY.CONFIDENCE.desc(), TECHNOLOGY.NAME.asc());

    /** The technologies' columns, in {@link TechnologyRow}'s order. */
    private static final List<Field<?>> TECHNOLOGY_COLUMNS =
            List.of(TECHNOLOGY.NAME, TECHNOLOGY.CATEGORY, TECHNOLOGY.CONFIDENCE, TECHNOLOGY.VERSION);

    /** Technologies of a company with its scan's status ({@code NOT_SCANNED} when it has none). */
    public record Scanned<T>(ScanStatus status, T technologies) {
    }

    /**
     * A page of the company's technologies, their total, the scan's status and the company's
     * owner, in one statement (the count is computed once: it does not depend on the row). Empty
     * when the company does not exist.
     */
    public Optional<Owned<Scanned<Page<TechnologyRow>>>> list(RequestContext request, UUID companyId,
                                                              @Nullable String category, int minConfidence,
                                                              PageRequest page) {
        Optional<Keyset> after = page.cursorPosition();
        ListStatement statement = after.isPresent()
                ? (category != null ? oneCategoryAfter : allCategoriesAfter)
                : (category != null ? oneCategory : allCategories);
        RenderedQuery.Execution execution = statement.query().with(COMPANY_ID, companyId)
                .with(MIN_CONFIDENCE, minConfidence)
                .with(LIMIT, page.rowsToRead())
                .with(OFFSET, after.isPresent() ? 0 : page.offset());
        if (category != null) {
            execution.with(CATEGORY, category.toLowerCase(Locale.ROOT));
        }
        after.ifPresent(key -> {
            Keyset.Text name = key.get(1, Keyset.Text.class);
            execution.with(AFTER_CONFIDENCE, key.get(0, Integer.class)).with(AFTER_NAME, name.value())
                    .with(FROM_NAME_PREFIX, !name.whole());
        });
        Result<Record> rows = reads.fetch(request, execution);
        return Owned.ofRows(rows, found -> new Scanned<>(statusOf(found),
                Page.of(technologyRows(found, statement.technologies()), found.get(0).get(statement.total()), page,
                        TechnologyQueries::keyOf)));
    }

    /** A technology's place in the list's order: confidence, name. */
    static Keyset keyOf(TechnologyRow technology) {
        return Keyset.of(technology.confidence(), Keyset.Text.of(technology.name()));
    }

    /** The types of {@link #keyOf}'s values, which a cursor of this list must carry. */
    static final List<Class<?>> KEY_TYPES = List.of(Integer.class, Keyset.Text.class);

    /** A page of technologies with the company's row, rendered once per shape (with or without a category). */
    private record ListStatement(RenderedQuery query, Table<?> technologies, Field<Integer> total) {

        static ListStatement of(DSLContext db, boolean byCategory, boolean afterCursor) {
            Condition condition = TECHNOLOGY.COMPANY_ID.eq(COMPANY_ID)
                    .and(TECHNOLOGY.CONFIDENCE.ge(MIN_CONFIDENCE))
                    .and(byCategory ? lower(TECHNOLOGY.CATEGORY).eq(CATEGORY) : noCondition());
            Field<Integer> total = field(selectCount().from(TECHNOLOGY).where(condition)).as("total");
            Condition afterTheCursor = TECHNOLOGY.CONFIDENCE.lt(AFTER_CONFIDENCE).or(TECHNOLOGY.CONFIDENCE.eq(AFTER_CONFIDENCE)
                    .and(TECHNOLOGY.NAME.gt(AFTER_NAME).or(condition(FROM_NAME_PREFIX).and(TECHNOLOGY.NAME.eq(AFTER_NAME)))));
            Table<?> technologies = select(TECHNOLOGY_COLUMNS).from(TECHNOLOGY)
                    .where(afterCursor ? condition.and(afterTheCursor) : condition)
                    .orderBy(ORDER).limit(LIMIT).offset(OFFSET)
                    .asTable("page");
            List<Param<?>> variables = new ArrayList<>(List.of(COMPANY_ID, MIN_CONFIDENCE, LIMIT, OFFSET));
            if (byCategory) {
                variables.add(CATEGORY);
            }
            if (afterCursor) {
                variables.addAll(List.of(AFTER_CONFIDENCE, AFTER_NAME, FROM_NAME_PREFIX));
            }
            RenderedQuery query = RenderedQuery.of(db, companyWithScan(db, technologies, inListOrder(technologies), total),
                    variables.toArray(Param<?>[]::new));
            return new ListStatement(query, technologies, total);
        }
    }

    /** The summary: the company's highest-confidence technologies and its count per category. */
    public record Summary(List<TechnologyRow> top, Map<String, Long> countsByCategory) {
    }

    /**
     * The company's {@code howMany} technologies of highest confidence, its number of technologies
     * per category (in category order), the scan's status and the company's owner, in one
     * statement: one round trip, and one snapshot for the top and the counts. Empty when the
     * company does not exist.
     */
    public Optional<Owned<Scanned<Summary>>> summary(RequestContext request, UUID companyId, int howMany) {
        Result<Record> rows = reads.fetch(request, summary.query().with(COMPANY_ID, companyId).with(LIMIT, howMany));
        return Owned.ofRows(rows, found -> new Scanned<>(statusOf(found),
                new Summary(technologyRows(found, summary.rows()), summary.countsByCategory(found))));
    }

    /**
     * The summary's rows beside the company's: the top technologies (no count), then one row per
     * category (its count, no technology), told apart by whether the count is there; rendered once.
     */
    private record SummaryStatement(RenderedQuery query, Table<?> rows, Field<Integer> inCategory,
                                    Field<String> category) {

        static SummaryStatement of(DSLContext db) {
            Condition ofCompany = TECHNOLOGY.COMPANY_ID.eq(COMPANY_ID);
            Table<?> rows = select(TECHNOLOGY.NAME, TECHNOLOGY.CATEGORY, TECHNOLOGY.CONFIDENCE, TECHNOLOGY.VERSION,
                            castNull(INTEGER).as(IN_CATEGORY))
                    .from(TECHNOLOGY).where(ofCompany)
                    .orderBy(ORDER).limit(LIMIT)
                    .unionAll(select(castNull(TECHNOLOGY.NAME), TECHNOLOGY.CATEGORY, castNull(TECHNOLOGY.CONFIDENCE),
                            castNull(TECHNOLOGY.VERSION), count().as(IN_CATEGORY))
                            .from(TECHNOLOGY).where(ofCompany)
                            .groupBy(TECHNOLOGY.CATEGORY))
                    .asTable("summary");
            Field<Integer> inCategory = rows.field(IN_CATEGORY);
            Field<String> category = rows.field(TECHNOLOGY.CATEGORY);
            // The top's rows first (no count) in the list's order, then the counts by category.
            List<SortField<?>> order = new ArrayList<>();
            order.add(field(inCategory.isNotNull()).asc());
            order.addAll(inListOrder(rows));
            order.add(category.asc());
            return new SummaryStatement(RenderedQuery.of(db, companyWithScan(db, rows, order), COMPANY_ID, LIMIT),
                    rows, inCategory, category);
        }

        Map<String, Long> countsByCategory(Result<Record> found) {
            Map<String, Long> counts = new LinkedHashMap<>();
            for (Record row : found) {
                Integer count = row.get(inCategory);
                if (count != null) {
                    counts.put(row.get(category), count.longValue());
                }
            }
            return counts;
        }
    }

    /** The list's order ({@link #ORDER}) on the columns of {@code rows}, a table derived from the technologies. */
    private static List<SortField<?>> inListOrder(Table<?> rows) {
        return List.of(rows.field(TECHNOLOGY.CONFIDENCE).desc(), rows.field(TECHNOLOGY.NAME).asc());
    }

    /**
     * The company's row with its owner, its scan's status and {@code beside}, joined to every row
     * of {@code rows} in {@code order} (a join keeps no order of its own); no row when the company
     * does not exist.
     */
    private static Select<Record> companyWithScan(DSLContext db, Table<?> rows, List<SortField<?>> order,
                                                  Field<?>... beside) {
        List<SelectField<?>> besideScan = new ArrayList<>(List.of(WEBTECH_SCAN.STATUS));
        besideScan.addAll(List.of(beside));
        Table<?> companies = Owned.COMPANY_WITH_OWNER.leftJoin(WEBTECH_SCAN).on(WEBTECH_SCAN.COMPANY_ID.eq(COMPANY.ID));
        return Owned.selectCompany(db, COMPANY_ID, companies, rows, besideScan.toArray(SelectField<?>[]::new))
                .orderBy(order);
    }

    private static ScanStatus statusOf(Result<Record> rows) {
        return Optional.ofNullable(rows.get(0).get(WEBTECH_SCAN.STATUS)).orElse(ScanStatus.NOT_SCANNED);
    }

    private static List<TechnologyRow> technologyRows(Result<Record> rows, Table<?> technologies) {
        Field<String> name = technologies.field(TECHNOLOGY.NAME);
        Field<String> category = technologies.field(TECHNOLOGY.CATEGORY);
        Field<Integer> confidence = technologies.field(TECHNOLOGY.CONFIDENCE);
        Field<String> version = technologies.field(TECHNOLOGY.VERSION);
        return rows.stream()
                .filter(row -> row.get(name) != null)
                .map(row -> new TechnologyRow(row.get(name), row.get(category), row.get(confidence), row.get(version)))
                .toList();
    }
}
