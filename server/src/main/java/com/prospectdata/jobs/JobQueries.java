package com.prospectdata.jobs;

import static com.prospectdata.generated.jooq.Tables.JOB;
import static org.jooq.Records.mapping;
import static org.jooq.impl.DSL.lower;
import static org.jooq.impl.DSL.noCondition;

import com.prospectdata.paging.Page;
import com.prospectdata.paging.PageRequest;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.springframework.stereotype.Repository;

@Repository
public class JobQueries {

    private final DSLContext db;

    public JobQueries(DSLContext db) {
        this.db = db;
    }

    public record JobRow(String id, String title, String platform, Instant datePosted, String jobUrl) {
    }

    /** Active jobs posted since {@code postedSince}, optionally of one platform (case-insensitive). */
    public Page<JobRow> activeJobs(UUID companyId, Instant postedSince, Optional<String> platform, PageRequest page) {
        Condition condition = active(companyId)
                .and(JOB.DATE_POSTED.ge(postedSince))
                .and(platform.map(p -> lower(JOB.PLATFORM).eq(p.toLowerCase(java.util.Locale.ROOT))).orElse(noCondition()));
        long total = db.fetchCount(JOB, condition);
        List<JobRow> jobs = db.select(JOB.ID, JOB.TITLE, JOB.PLATFORM, JOB.DATE_POSTED, JOB.JOB_URL)
                .from(JOB)
                .where(condition)
                .orderBy(JOB.DATE_POSTED.desc(), JOB.ID.asc())
                .limit(page.limit())
                .offset(page.offset())
                .fetch(mapping(JobRow::new));
        return new Page<>(jobs, total, page);
    }

    public long countActiveSince(UUID companyId, Instant postedSince) {
        return db.fetchCount(JOB, active(companyId).and(JOB.DATE_POSTED.ge(postedSince)));
    }

    /** The most recently posted active job of any age. */
    public Optional<JobRow> latestActive(UUID companyId) {
        return db.select(JOB.ID, JOB.TITLE, JOB.PLATFORM, JOB.DATE_POSTED, JOB.JOB_URL)
                .from(JOB)
                .where(active(companyId))
                .orderBy(JOB.DATE_POSTED.desc(), JOB.ID.asc())
                .limit(1)
                .fetchOptional(mapping(JobRow::new));
    }

    private static Condition active(UUID companyId) {
        return JOB.COMPANY_ID.eq(companyId).and(JOB.REMOVED_AT.isNull());
    }
}
