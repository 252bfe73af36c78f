package com.prospectdata.features.jobs;

import com.prospectdata.features.companies.CompanyAccess;
import com.prospectdata.generated.api.JobsApiDelegate;
import com.prospectdata.generated.model.Job;
import com.prospectdata.generated.model.JobList;
import com.prospectdata.generated.model.JobSummary;
import com.prospectdata.generated.model.LatestJob;
import com.prospectdata.core.openapi.WireTime;
import com.prospectdata.pipeline.CurrentRequest;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.features.summaries.CompanySummaries;
import com.prospectdata.features.summaries.HiringActivity;
import com.prospectdata.pipeline.paging.Cursors;
import com.prospectdata.pipeline.paging.PageLinks;
import com.prospectdata.pipeline.paging.PageRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;

@Service
class JobsDelegate implements JobsApiDelegate {

    private final JobQueries jobs;
    private final CompanyAccess access;
    private final Clock clock;
    private final CurrentRequest current;
    private final PageLinks pages;
    private final Cursors cursors;

    JobsDelegate(JobQueries jobs, CompanyAccess access, Clock clock, CurrentRequest current, PageLinks pages, Cursors cursors) {
        this.cursors = cursors;
        this.jobs = jobs;
        this.access = access;
        this.clock = clock;
        this.current = current;
        this.pages = pages;
    }

    @Override
    public ResponseEntity<JobList> listCompanyJobs(UUID companyId, Integer daysBack, String platform,
                                                   Integer limit, Integer offset, String cursor) {
        RequestContext request = current.context();
        PageRequest page = cursors.read(request, limit, offset, cursor, JobQueries.KEY_TYPES);
        String platformFilter = platform == null || platform.isBlank() ? null : platform.strip();
        Page<Job> found = access.requireOwned(
                        jobs.activeJobs(request, companyId, windowStart(daysBack), platformFilter, page).orElse(null),
                        companyId, request.acceptedCaller())
                .map(row -> new Job(row.id(), row.title(), row.platform(), WireTime.of(row.datePosted()), row.jobUrl()));
        HiringActivity activity = HiringActivity.of(found.total(), daysBack);
        return pages.ok(request, found, (p, next) -> new JobList(p.items(), p.total(), p.limit(), p.offset(), p.hasMore(),
                activity.strength(), activity.roundedVelocity()).nextCursor(next));
    }

    @Override
    public ResponseEntity<JobSummary> getCompanyJobsSummary(UUID companyId) {
        RequestContext request = current.context();
        JobQueries.JobSummaryRow found = access.requireOwned(
                jobs.summary(request, companyId, windowStart(CompanySummaries.JOBS_SUMMARY_DAYS_BACK)).orElse(null), companyId,
                request.acceptedCaller());
        HiringActivity activity = HiringActivity.of(found.activeInWindow(), CompanySummaries.JOBS_SUMMARY_DAYS_BACK);
        JobSummary summary = new JobSummary(found.activeInWindow(), activity.strength(), activity.roundedVelocity());
        JobQueries.JobRow latest = found.latest();
        if (latest != null) {
            summary.setLatestJob(new LatestJob(latest.id(), latest.title(), latest.platform(), WireTime.of(latest.datePosted())));
        }
        return ResponseEntity.ok(summary);
    }

    private Instant windowStart(int daysBack) {
        return clock.instant().minus(Duration.ofDays(daysBack));
    }
}
