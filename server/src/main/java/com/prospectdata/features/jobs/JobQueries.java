package com.prospectdata.features.jobs;

import static com.prospectdata.generated.jooq.Tables.JOB;
import static org.jooq.impl.DSL.condition;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.lower;
import static org.jooq.impl.DSL.noCondition;
import static org.jooq.impl.DSL.param;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.selectCount;

import com.prospectdata.features.companies.Owned;
import com.prospectdata.pipeline.paging.Keyset;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.pipeline.paging.PageRequest;
import com.prospectdata.core.sqltypes.RenderedQuery;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.RequestReads;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.SortField;
import org.jooq.Table;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Repository;

@Repository
class JobQueries {

    /** The request's values, bound per execution of the SQL rendered once (RenderedQuery). */
    private static final Param<UUID> COMPANY_ID = param("companyId", UUID.class);
    private static final Param<Instant> POSTED_SINCE = param("postedSince", JOB.DATE_POSTED.getDataType());
    private static final Param<String> PLATFORM = param("platform", String.class);
    private static final Param<Integer> LIMIT = param("limit", Integer.class);
    private static final Param<Integer> OFFSET = param("offset", Integer.class);
    /** A cursor's job ({@link #keyOf}): the page starts after it, or at its id when the cursor holds only the id's first bytes. */
    private static final Param<Instant> AFTER_POSTED = param("afterPosted", JOB.DATE_POSTED.getDataType());
    private static final Param<String> AFTER_ID = param("afterId", String.class);
    private static final Param<Boolean> FROM_ID_PREFIX = param("fromIdPrefix", Boolean.class);

    private final RequestReads reads;
    private final JobsStatement allPlatforms;
    private final JobsStatement onePlatform;
    private final JobsStatement allPlatformsAfter;
    private final JobsStatement onePlatformAfter;
    private final SummaryStatement summary;

    /**
     * Renders its statements once with {@code db}'s dialect and settings; each runs where the
     * request reads, a replica or the primary (docs/SCALING.md, "Read replicas").
     */
    public JobQueries(RequestReads reads, DSLContext db) {
        this.reads = reads;
        this.allPlatforms = JobsStatement.of(db, false, false);
        this.onePlatform = JobsStatement.of(db, true, false);
        this.allPlatformsAfter = JobsStatement.of(db, false, true);
        this.onePlatformAfter = JobsStatement.of(db, true, true);
        this.summary = SummaryStatement.of(db);
    }

    public record JobRow(String id, String title, String platform, Instant datePosted, String jobUrl) {
    }

    /** The jobs' columns, in {@link JobRow}'s order. */
    private static final List<Field<?>> JOB_COLUMNS = List.of(JOB.ID, JOB.TITLE, JOB.PLATFORM, JOB.DATE_POSTED, JOB.JOB_URL);

    /** The contract's order of jobs: the newest first, then by id. */
    private static final List<SortField<?>> NEWEST_FIRST = List.of(JOB.DATE_POSTED.desc(), JOB.ID.asc());

    /**
     * A page of the company's active jobs posted since {@code postedSince}, optionally of one
     * platform (case-insensitive; null for all), their total and the company's owner, in one statement: the
     * company's row with the count beside it (computed once: it does not depend on the row) and
     * the page's jobs joined to it. Empty when the company does not exist.
     */
    public Optional<Owned<Page<JobRow>>> activeJobs(RequestContext request, UUID companyId, Instant postedSince,
                                                    @Nullable String platform, PageRequest page) {
        Optional<Keyset> after = page.cursorPosition();
        JobsStatement statement = after.isPresent()
                ? (platform != null ? onePlatformAfter : allPlatformsAfter)
                : (platform != null ? onePlatform : allPlatforms);
        RenderedQuery.Execution execution = statement.query().with(COMPANY_ID, companyId)
                .with(POSTED_SINCE, postedSince)
                .with(LIMIT, page.rowsToRead())
                .with(OFFSET, after.isPresent() ? 0 : page.offset());
        if (platform != null) {
            execution.with(PLATFORM, platform.toLowerCase(Locale.ROOT));
        }
        after.ifPresent(key -> {
            Keyset.Text id = key.get(1, Keyset.Text.class);
            execution.with(AFTER_POSTED, key.get(0, Instant.class)).with(AFTER_ID, id.value()).with(FROM_ID_PREFIX, !id.whole());
        });
        Result<Record> rows = reads.fetch(request, execution);
        return Owned.ofRows(rows, found -> Page.of(jobRows(found, statement.jobs()), found.get(0).get(statement.total()),
                page, JobQueries::keyOf));
    }

    /** A job's place in the list's order: date_posted, id. */
    static Keyset keyOf(JobRow job) {
        return Keyset.of(job.datePosted(), Keyset.Text.of(job.id()));
    }

    /** The types of {@link #keyOf}'s values, which a cursor of this list must carry. */
    public static final List<Class<?>> KEY_TYPES = List.of(Instant.class, Keyset.Text.class);

    /** The page of jobs with the company's row and owner, rendered once per shape (with or without a platform). */
    private record JobsStatement(RenderedQuery query, Table<?> jobs, Field<Integer> total) {

        static JobsStatement of(DSLContext db, boolean byPlatform, boolean afterCursor) {
            Condition condition = active()
                    .and(JOB.DATE_POSTED.ge(POSTED_SINCE))
                    .and(byPlatform ? lower(JOB.PLATFORM).eq(PLATFORM) : noCondition());
            Field<Integer> total = field(selectCount().from(JOB).where(condition)).as("total");
            Condition afterTheCursor = JOB.DATE_POSTED.lt(AFTER_POSTED).or(JOB.DATE_POSTED.eq(AFTER_POSTED)
                    .and(JOB.ID.gt(AFTER_ID).or(condition(FROM_ID_PREFIX).and(JOB.ID.eq(AFTER_ID)))));
            Table<?> jobs = select(JOB_COLUMNS).from(JOB).where(afterCursor ? condition.and(afterTheCursor) : condition)
                    .orderBy(NEWEST_FIRST).limit(LIMIT).offset(OFFSET)
                    .asTable("page");
            List<Param<?>> variables = new ArrayList<>(List.of(COMPANY_ID, POSTED_SINCE, LIMIT, OFFSET));
            if (byPlatform) {
                variables.add(PLATFORM);
            }
            if (afterCursor) {
                variables.addAll(List.of(AFTER_POSTED, AFTER_ID, FROM_ID_PREFIX));
            }
            RenderedQuery query = RenderedQuery.of(db,
                    Owned.selectCompany(db, COMPANY_ID, Owned.COMPANY_WITH_OWNER, jobs, total)
                            .orderBy(jobs.field(JOB.DATE_POSTED).desc(), jobs.field(JOB.ID).asc()),
                    variables.toArray(Param<?>[]::new));
            return new JobsStatement(query, jobs, total);
        }
    }

    /**
     * The company's active jobs posted since {@code postedSince}, its most recently posted active
     * job of any age, and its owner, in one statement. Empty when the company does not exist.
     */
    public Optional<Owned<JobSummaryRow>> summary(RequestContext request, UUID companyId, Instant postedSince) {
        Result<Record> rows = reads.fetch(request, summary.query().with(COMPANY_ID, companyId).with(POSTED_SINCE, postedSince));
        return Owned.ofRows(rows, found -> new JobSummaryRow(found.get(0).get(summary.recent()),
                jobRows(found, summary.latest()).stream().findFirst().orElse(null)));
    }

    /** The summary's statement, rendered once. */
    private record SummaryStatement(RenderedQuery query, Table<?> latest, Field<Integer> recent) {

        static SummaryStatement of(DSLContext db) {
            Field<Integer> recent = field(selectCount().from(JOB).where(active().and(JOB.DATE_POSTED.ge(POSTED_SINCE))))
                    .as("recent");
            Table<?> latest = select(JOB_COLUMNS).from(JOB).where(active())
                    .orderBy(NEWEST_FIRST).limit(1)
                    .asTable("latest");
            RenderedQuery query = RenderedQuery.of(db,
                    Owned.selectCompany(db, COMPANY_ID, Owned.COMPANY_WITH_OWNER, latest, recent),
                    COMPANY_ID, POSTED_SINCE);
            return new SummaryStatement(query, latest, recent);
        }
    }

    /** The jobs summary's row; {@code latest} null when the company has no active job. */
    public record JobSummaryRow(long activeInWindow, @Nullable JobRow latest) {
    }

    private static List<JobRow> jobRows(Result<Record> rows, Table<?> jobs) {
        Field<String> id = jobs.field(JOB.ID);
        Field<String> title = jobs.field(JOB.TITLE);
        Field<String> platform = jobs.field(JOB.PLATFORM);
        Field<Instant> datePosted = jobs.field(JOB.DATE_POSTED);
        Field<String> jobUrl = jobs.field(JOB.JOB_URL);
        return rows.stream()
                .filter(row -> row.get(id) != null)
                .map(row -> new JobRow(row.get(id), row.get(title), row.get(platform), row.get(datePosted), row.get(jobUrl)))
                .toList();
    }

    private static Condition active() {
        return JOB.COMPANY_ID.eq(COMPANY_ID).and(JOB.REMOVED_AT.isNull());
    }
}
