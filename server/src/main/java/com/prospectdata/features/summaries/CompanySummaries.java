package com.prospectdata.features.summaries;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.JOB;
import static com.prospectdata.generated.jooq.Tables.TECHNOLOGY;
import static com.prospectdata.generated.jooq.Tables.WEBTECH_SCAN;
import static org.jooq.impl.DSL.any;
import static org.jooq.impl.DSL.castNull;
import static org.jooq.impl.DSL.count;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.lateral;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.param;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.selectCount;
import static org.jooq.impl.DSL.trueCondition;
import static org.jooq.impl.SQLDataType.INTEGER;

import com.prospectdata.core.openapi.WireTime;
import com.prospectdata.core.sqltypes.RenderedQuery;
import com.prospectdata.generated.model.Company;
import com.prospectdata.generated.model.CompanyInclude;
import com.prospectdata.generated.model.JobSummary;
import com.prospectdata.generated.model.LatestJob;
import com.prospectdata.generated.model.ScanStatus;
import com.prospectdata.generated.model.TechnologySummary;
import com.prospectdata.generated.model.TopTechnology;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.RequestReads;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Record;
import org.jooq.Table;
import org.jooq.impl.SQLDataType;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Repository;

/**
 * The jobs summary and the technologies summary of many companies, each in one statement
 * whatever their number, and each exactly the body its own endpoint answers for one company
 * (docs/api-rules.md §4, §5, §13). The companies were found, and their owner checked, before.
 */
@Repository
public class CompanySummaries {

    /** The jobs summary's window: the jobs list's default {@code days_back}. */
    public static final int JOBS_SUMMARY_DAYS_BACK = 30;
    /** How many technologies the technologies summary lists. */
    public static final int TOP_TECHNOLOGIES = 5;

    private static final Param<UUID[]> COMPANY_IDS = param("companyIds", SQLDataType.UUID.array());
    private static final Param<Instant> POSTED_SINCE = param("postedSince", JOB.DATE_POSTED.getDataType());
    private static final Field<Integer> RECENT = field(name("recent"), Integer.class);
    private static final Field<Integer> IN_CATEGORY = field(name("in_category"), Integer.class);
    /** The three kinds of row of the technologies' statement, in the order they come for a company. */
    private static final int STATUS_ROW = 0;
    private static final int TOP_ROW = 1;
    private static final int COUNT_ROW = 2;

    private final RequestReads reads;
    private final Clock clock;
    private final RenderedQuery jobs;
    private final Table<?> latest;
    private final RenderedQuery technologies;
    private final Table<?> summaryRows;

    public CompanySummaries(RequestReads reads, DSLContext db, Clock clock) {
        this.reads = reads;
        this.clock = clock;
        // Per company: its active jobs of the window, counted, and its latest active job of any age.
        this.latest = lateral(select(JOB.ID, JOB.TITLE, JOB.PLATFORM, JOB.DATE_POSTED).from(JOB)
                .where(JOB.COMPANY_ID.eq(COMPANY.ID).and(JOB.REMOVED_AT.isNull()))
                .orderBy(JOB.DATE_POSTED.desc(), JOB.ID.asc()).limit(1)).as("latest");
        Field<Integer> recent = field(selectCount().from(JOB).where(JOB.COMPANY_ID.eq(COMPANY.ID)
                .and(JOB.REMOVED_AT.isNull()).and(JOB.DATE_POSTED.ge(POSTED_SINCE)))).as(RECENT.getName());
        this.jobs = RenderedQuery.of(db, db.select(COMPANY.ID, recent, latest.field(JOB.ID), latest.field(JOB.TITLE),
                                latest.field(JOB.PLATFORM), latest.field(JOB.DATE_POSTED))
                        .from(COMPANY).leftJoin(latest).on(trueCondition())
                        .where(COMPANY.ID.eq(any(COMPANY_IDS))),
                COMPANY_IDS, POSTED_SINCE);
        // Per company, told apart by which columns are set: its scan's status (one row, the
        // status null when never scanned), its top technologies, and its count per category.
        Table<?> top = lateral(select(TECHNOLOGY.NAME, TECHNOLOGY.CATEGORY, TECHNOLOGY.CONFIDENCE).from(TECHNOLOGY)
                .where(TECHNOLOGY.COMPANY_ID.eq(COMPANY.ID))
                .orderBy(TECHNOLOGY.CONFIDENCE.desc(), TECHNOLOGY.NAME.asc()).limit(inline(TOP_TECHNOLOGIES))).as("top");
        Field<Integer> part = field(name("part"), Integer.class);
        this.summaryRows = select(COMPANY.ID.as("company_id"), inline(STATUS_ROW).as(part.getName()), WEBTECH_SCAN.STATUS,
                        castNull(TECHNOLOGY.NAME).as("name"), castNull(TECHNOLOGY.CATEGORY).as("category"),
                        castNull(TECHNOLOGY.CONFIDENCE).as("confidence"), castNull(INTEGER).as(IN_CATEGORY.getName()))
                .from(COMPANY).leftJoin(WEBTECH_SCAN).on(WEBTECH_SCAN.COMPANY_ID.eq(COMPANY.ID))
                .where(COMPANY.ID.eq(any(COMPANY_IDS)))
                .unionAll(select(COMPANY.ID, inline(TOP_ROW), castNull(WEBTECH_SCAN.STATUS), top.field(TECHNOLOGY.NAME),
                        top.field(TECHNOLOGY.CATEGORY), top.field(TECHNOLOGY.CONFIDENCE), castNull(INTEGER))
                        .from(COMPANY).crossJoin(top)
                        .where(COMPANY.ID.eq(any(COMPANY_IDS))))
                .unionAll(select(TECHNOLOGY.COMPANY_ID, inline(COUNT_ROW), castNull(WEBTECH_SCAN.STATUS), castNull(TECHNOLOGY.NAME),
                        TECHNOLOGY.CATEGORY, castNull(TECHNOLOGY.CONFIDENCE), count())
                        .from(TECHNOLOGY)
                        .where(TECHNOLOGY.COMPANY_ID.eq(any(COMPANY_IDS)))
                        .groupBy(TECHNOLOGY.COMPANY_ID, TECHNOLOGY.CATEGORY))
                .asTable("summary");
        // Each company's status first, then its top in the list's order, then its counts by category.
        this.technologies = RenderedQuery.of(db, db.select(summaryRows.fields()).from(summaryRows)
                        .orderBy(summaryRows.field("company_id"), summaryRows.field(part).asc(),
                                summaryRows.field("confidence").desc(), summaryRows.field("name").asc(),
                                summaryRows.field("category").asc()),
                COMPANY_IDS);
    }

    /**
     * Sets in each company the summaries {@code include} asks for, each one statement for all of
     * {@code found} (docs/api-rules.md §13).
     */
    public void embed(RequestContext request, List<Company> found, @Nullable List<CompanyInclude> include) {
        embed(statement -> reads.fetch(request, statement), found, include);
    }

    /** The same, read in an export's snapshot. */
    public void embed(RequestReads.Snapshot snapshot, List<Company> found, @Nullable List<CompanyInclude> include) {
        if (include == null || include.isEmpty() || found.isEmpty()) {
            return;
        }
        List<UUID> ids = found.stream().map(Company::getId).toList();
        if (include.contains(CompanyInclude.JOBS_SUMMARY)) {
            Map<UUID, JobSummary> jobs = jobs(snapshot, ids);
            found.forEach(company -> company.setJobsSummary(jobs.get(company.getId())));
        }
        if (include.contains(CompanyInclude.WEBTECH_SUMMARY)) {
            Map<UUID, TechnologySummary> technologies = technologies(snapshot, ids);
            found.forEach(company -> company.setWebtechSummary(technologies.get(company.getId())));
        }
    }

    /** Each company's jobs summary, by company id: as {@code GET …/jobs/summary} answers it. */
    private Map<UUID, JobSummary> jobs(RequestReads.Snapshot snapshot, List<UUID> companyIds) {
        Instant since = clock.instant().minus(Duration.ofDays(JOBS_SUMMARY_DAYS_BACK));
        Map<UUID, JobSummary> summaries = new HashMap<>();
        for (Record row : snapshot.fetch(jobs.with(COMPANY_IDS, companyIds.toArray(UUID[]::new)).with(POSTED_SINCE, since))) {
            long recent = row.get(RECENT);
            HiringActivity activity = HiringActivity.of(recent, JOBS_SUMMARY_DAYS_BACK);
            JobSummary summary = new JobSummary(recent, activity.strength(), activity.roundedVelocity());
            String latestId = row.get(latest.field(JOB.ID));
            if (latestId != null) {
                summary.setLatestJob(new LatestJob(latestId, row.get(latest.field(JOB.TITLE)), row.get(latest.field(JOB.PLATFORM)),
                        WireTime.of(row.get(latest.field(JOB.DATE_POSTED)))));
            }
            summaries.put(row.get(COMPANY.ID), summary);
        }
        return summaries;
    }

    /** Each company's technologies summary, by company id: as {@code GET …/webtech-intel/summary} answers it. */
    private Map<UUID, TechnologySummary> technologies(RequestReads.Snapshot snapshot, List<UUID> companyIds) {
        Field<UUID> companyId = summaryRows.field("company_id", UUID.class);
        Field<Integer> part = summaryRows.field("part", Integer.class);
        // The column's own data type, with its converter: looked up by class instead, jOOQ falls
        // back on its deprecated static type registry and logs a warning with a stack trace.
        Field<ScanStatus> status = summaryRows.field(WEBTECH_SCAN.STATUS.getName(), WEBTECH_SCAN.STATUS.getDataType());
        Field<String> name = summaryRows.field("name", String.class);
        Field<String> category = summaryRows.field("category", String.class);
        Field<Integer> confidence = summaryRows.field("confidence", Integer.class);
        Field<Integer> inCategory = summaryRows.field(IN_CATEGORY.getName(), Integer.class);
        record Building(ScanStatus status, List<TopTechnology> top, Map<String, Long> counts) {
        }
        Map<UUID, Building> building = new LinkedHashMap<>();
        for (Record row : snapshot.fetch(technologies.with(COMPANY_IDS, companyIds.toArray(UUID[]::new)))) {
            UUID id = row.get(companyId);
            switch (row.get(part)) {
                case STATUS_ROW -> building.put(id, new Building(row.get(status) == null ? ScanStatus.NOT_SCANNED : row.get(status),
                        new ArrayList<>(), new LinkedHashMap<>()));
                case TOP_ROW -> building.get(id).top().add(new TopTechnology(row.get(name), row.get(category), row.get(confidence)));
                default -> building.get(id).counts().put(row.get(category), row.get(inCategory).longValue());
            }
        }
        Map<UUID, TechnologySummary> summaries = new HashMap<>();
        building.forEach((id, built) -> {
            long total = built.counts().values().stream().mapToLong(Long::longValue).sum();
            summaries.put(id, new TechnologySummary(built.top(), total, built.counts(),
                    built.status() == ScanStatus.COMPLETED, built.status()));
        });
        return summaries;
    }
}
