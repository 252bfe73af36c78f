package com.prospectdata.webtech;

import static com.prospectdata.generated.jooq.Tables.TECHNOLOGY;
import static com.prospectdata.generated.jooq.Tables.WEBTECH_SCAN;
import static org.jooq.Records.mapping;
import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.lower;
import static org.jooq.impl.DSL.noCondition;

import com.prospectdata.generated.model.ScanStatus;
import com.prospectdata.paging.Page;
import com.prospectdata.paging.PageRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.SortField;
import org.springframework.stereotype.Repository;

@Repository
public class TechnologyQueries {

    private final DSLContext db;

    public TechnologyQueries(DSLContext db) {
        this.db = db;
    }

    public record TechnologyRow(String name, String category, int confidence, String version) {
    }

    /** The list's order: confidence desc, then name asc (unique per company). */
    private static final List<SortField<?>> ORDER = List.of(TECHNOLOGY.CONFIDENCE.desc(), TECHNOLOGY.NAME.asc());

    /** The status of the company's latest scan; empty when it was never scanned. */
    public Optional<ScanStatus> scanStatus(UUID companyId) {
        return db.select(WEBTECH_SCAN.STATUS)
                .from(WEBTECH_SCAN)
                .where(WEBTECH_SCAN.COMPANY_ID.eq(companyId))
                .fetchOptional(WEBTECH_SCAN.STATUS);
    }

    public Page<TechnologyRow> list(UUID companyId, Optional<String> category, int minConfidence, PageRequest page) {
        Condition condition = TECHNOLOGY.COMPANY_ID.eq(companyId)
                .and(TECHNOLOGY.CONFIDENCE.ge(minConfidence))
                .and(category.map(c -> lower(TECHNOLOGY.CATEGORY).eq(c.toLowerCase(Locale.ROOT))).orElse(noCondition()));
        long total = db.fetchCount(TECHNOLOGY, condition);
        List<TechnologyRow> technologies = db
                .select(TECHNOLOGY.NAME, TECHNOLOGY.CATEGORY, TECHNOLOGY.CONFIDENCE, TECHNOLOGY.VERSION)
                .from(TECHNOLOGY)
                .where(condition)
                .orderBy(ORDER)
                .limit(page.limit())
                .offset(page.offset())
                .fetch(mapping(TechnologyRow::new));
        return new Page<>(technologies, total, page);
    }

    public List<TechnologyRow> top(UUID companyId, int howMany) {
        return db.select(TECHNOLOGY.NAME, TECHNOLOGY.CATEGORY, TECHNOLOGY.CONFIDENCE, TECHNOLOGY.VERSION)
                .from(TECHNOLOGY)
                .where(TECHNOLOGY.COMPANY_ID.eq(companyId))
                .orderBy(ORDER)
                .limit(howMany)
                .fetch(mapping(TechnologyRow::new));
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
