package com.prospectdata.webtech;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.TECHNOLOGY;
import static com.prospectdata.generated.jooq.Tables.WEBTECH_SCAN;
import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.lower;
import static org.jooq.impl.DSL.noCondition;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.selectCount;

import com.prospectdata.companies.Owned;
import com.prospectdata.generated.model.ScanStatus;
import com.prospectdata.paging.Page;
import com.prospectdata.paging.PageRequest;
import com.prospectdata.replicas.ReadReplicas;
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
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.ResultQuery;
import org.jooq.SelectField;
import org.jooq.SortField;
import org.jooq.Table;
import org.springframework.stereotype.Repository;

@Repository
public class TechnologyQueries {

    private final DSLContext db;

    /** Reads where the request reads: a replica or the primary (docs/SCALING.md, "Read replicas"). */
    public TechnologyQueries(ReadReplicas sources) {
        this.db = sources.reads();
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
    public Optional<Owned<Scanned<Page<TechnologyRow>>>> list(UUID companyId, Optional<String> category, int minConfidence,
                                                              PageRequest page) {
        Condition condition = TECHNOLOGY.COMPANY_ID.eq(companyId)
                .and(TECHNOLOGY.CONFIDENCE.ge(minConfidence))
                .and(category.map(c -> lower(TECHNOLOGY.CATEGORY).eq(c.toLowerCase(Locale.ROOT))).orElse(noCondition()));
        Field<Integer> total = field(selectCount().from(TECHNOLOGY).where(condition)).as("total");
        Table<?> technologies = select(TECHNOLOGY_COLUMNS).from(TECHNOLOGY).where(condition)
                .orderBy(ORDER).limit(page.limit()).offset(page.offset())
                .asTable("page");
        Result<Record> rows = companyWithScan(companyId, technologies, total).fetch();
        return Owned.ofRows(rows, found -> new Scanned<>(statusOf(found),
                new Page<>(technologyRows(found, technologies), found.get(0).get(total), page)));
    }

    /**
     * The company's {@code howMany} technologies of highest confidence, the scan's status and the
     * company's owner, in one statement. Empty when the company does not exist.
     */
    public Optional<Owned<Scanned<List<TechnologyRow>>>> top(UUID companyId, int howMany) {
        Table<?> top = select(TECHNOLOGY_COLUMNS).from(TECHNOLOGY).where(TECHNOLOGY.COMPANY_ID.eq(companyId))
                .orderBy(ORDER).limit(howMany)
                .asTable("top");
        Result<Record> rows = companyWithScan(companyId, top).fetch();
        return Owned.ofRows(rows, found -> new Scanned<>(statusOf(found), technologyRows(found, top)));
    }

    /**
     * The company's row with its owner, its scan's status and {@code beside}, joined to every row
     * of {@code technologies} in the list's order (a join keeps no order of its own); no row when
     * the company does not exist.
     */
    private ResultQuery<Record> companyWithScan(UUID companyId, Table<?> technologies, Field<?>... beside) {
        List<SelectField<?>> besideScan = new ArrayList<>(List.of(WEBTECH_SCAN.STATUS));
        besideScan.addAll(List.of(beside));
        Table<?> companies = Owned.COMPANY_WITH_OWNER.leftJoin(WEBTECH_SCAN).on(WEBTECH_SCAN.COMPANY_ID.eq(COMPANY.ID));
        return Owned.selectCompany(db, companyId, companies, technologies, besideScan.toArray(SelectField<?>[]::new))
                .orderBy(technologies.field(TECHNOLOGY.CONFIDENCE).desc(), technologies.field(TECHNOLOGY.NAME).asc());
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

    /** Number of the company's technologies per category, in category order. */
    public Map<String, Long> countsByCategory(UUID companyId) {
        Map<String, Long> counts = new LinkedHashMap<>();
        db.select(TECHNOLOGY.CATEGORY, count())
                .from(TECHNOLOGY)
                .where(TECHNOLOGY.COMPANY_ID.eq(companyId))
                .groupBy(TECHNOLOGY.CATEGORY)
                .orderBy(TECHNOLOGY.CATEGORY)
                .forEach(row -> counts.put(row.value1(), row.value2().longValue()));
        return counts;
    }
}
