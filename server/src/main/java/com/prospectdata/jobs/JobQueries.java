package com.prospectdata.jobs;

import static com.prospectdata.generated.jooq.Tables.JOB;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.lower;
import static org.jooq.impl.DSL.noCondition;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.selectCount;

import com.prospectdata.companies.Owned;
import com.prospectdata.paging.Page;
import com.prospectdata.paging.PageRequest;
import com.prospectdata.replicas.ReadReplicas;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.SortField;
import org.jooq.Table;
import org.springframework.stereotype.Repository;

@Repository
public class JobQueries {

    private final DSLContext db;

    /** Reads where the request reads: a replica or the primary (docs/SCALING.md, "Read replicas"). */
    public JobQueries(ReadReplicas sources) {
        this.db = sources.reads();
    }

    public record JobRow(String id, String title, String platform, Instant datePosted, String jobUrl) {
    }

    /** The jobs' columns, in {@link JobRow}'s order. */
    private static final List<Field<?>> JOB_COLUMNS = List.of(JOB.ID, JOB.TITLE, JOB.PLATFORM, JOB.DATE_POSTED, JOB.JOB_URL);

    /** The contract's order of jobs: the newest first, then by id. */
    private static final List<SortField<?>> NEWEST_FIRST = List.of(JOB.DATE_POSTED.desc(), JOB.ID.asc());

    /**
     * A page of the company's active jobs posted since {@code postedSince}, optionally of one
     * platform (case-insensitive), their total and the company's owner, in one statement: the
     * company's row with the count beside it (computed once: it does not depend on the row) and
     * the page's jobs joined to it. Empty when the company does not exist.
     */
    public Optional<Owned<Page<JobRow>>> activeJobs(UUID companyId, Instant postedSince, Optional<String> platform,
                                                    PageRequest page) {
        Condition condition = active(companyId)
                .and(JOB.DATE_POSTED.ge(postedSince))
                .and(platform.map(p -> lower(JOB.PLATFORM).eq(p.toLowerCase(Locale.ROOT))).orElse(noCondition()));
        Field<Integer> total = field(selectCount().from(JOB).where(condition)).as("total");
        Table<?> jobs = select(JOB_COLUMNS).from(JOB).where(condition)
                .orderBy(NEWEST_FIRST).limit(page.limit()).offset(page.offset())
                .asTable("page");
        Result<Record> rows = Owned.selectCompany(db, companyId, Owned.COMPANY_WITH_OWNER, jobs, total)
                .orderBy(jobs.field(JOB.DATE_POSTED).desc(), jobs.field(JOB.ID).asc())
                .fetch();
        return Owned.ofRows(rows, found -> new Page<>(jobRows(found, jobs), found.get(0).get(total), page));
    }

    /**
     * The company's active jobs posted since {@code postedSince}, its most recently posted active
     * job of any age, and its owner, in one statement. Empty when the company does not exist.
     */
    public Optional<Owned<JobSummaryRow>> summary(UUID companyId, Instant postedSince) {
        Field<Integer> recent = field(selectCount().from(JOB).where(active(companyId).and(JOB.DATE_POSTED.ge(postedSince))))
                .as("recent");
        Table<?> latest = select(JOB_COLUMNS).from(JOB).where(active(companyId))
                .orderBy(NEWEST_FIRST).limit(1)
                .asTable("latest");
        Result<Record> rows = Owned.selectCompany(db, companyId, Owned.COMPANY_WITH_OWNER, latest, recent).fetch();
        return Owned.ofRows(rows, found -> new JobSummaryRow(found.get(0).get(recent),
                jobRows(found, latest).stream().findFirst()));
    }

    public record JobSummaryRow(long activeInWindow, Optional<JobRow> latest) {
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

    private static Condition active(UUID companyId) {
        return JOB.COMPANY_ID.eq(companyId).and(JOB.REMOVED_AT.isNull());
    }
}
