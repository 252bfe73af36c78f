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
import com.prospectdata.pipeline.paging.PageLinks;
import com.prospectdata.pipeline.paging.PageRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;

@Service
class JobsDelegate implements JobsApiDelegate {

    /** The summary's window: the list's default days_back (docs/api-rules.md §4). */
    static final int SUMMARY_DAYS_BACK = 30;

    private final JobQueries jobs;
    private final CompanyAccess access;
    private final Clock clock;
    private final CurrentRequest current;
    private final PageLinks pages;

    JobsDelegate(JobQueries jobs, CompanyAccess access, Clock clock, CurrentRequest current, PageLinks pages) {
        this.jobs = jobs;
        this.access = access;
        this.clock = clock;
        this.current = current;
        this.pages = pages;
    }

    @Override
    public ResponseEntity<JobList> listCompanyJobs(UUID companyId, Integer daysBack, String platform,
                                                   Integer limit, Integer offset) {
        RequestContext request = current.context();
        PageRequest page = new PageRequest(limit, offset);
        Optional<String> platformFilter = Optional.ofNullable(platform).map(String::strip).filter(p -> !p.isEmpty());
        Page<Job> found = access.requireOwned(
                        jobs.activeJobs(request, companyId, windowStart(daysBack), platformFilter, page),
                        companyId, request.acceptedCaller())
                .map(row -> new Job(row.id(), row.title(), row.platform(), WireTime.of(row.datePosted()), row.jobUrl()));
        HiringActivity activity = HiringActivity.of(found.total(), daysBack);
        return pages.ok(request, found, p -> new JobList(p.items(), p.total(), p.limit(), p.offset(), p.hasMore(),
                activity.strength(), activity.roundedVelocity()));
    }

    @Override
    public ResponseEntity<JobSummary> getCompanyJobsSummary(UUID companyId) {
        RequestContext request = current.context();
        JobQueries.JobSummaryRow found = access.requireOwned(
                jobs.summary(request, companyId, windowStart(SUMMARY_DAYS_BACK)), companyId, request.acceptedCaller());
        HiringActivity activity = HiringActivity.of(found.activeInWindow(), SUMMARY_DAYS_BACK);
        JobSummary summary = new JobSummary(found.activeInWindow(), activity.strength(), activity.roundedVelocity());
        found.latest().ifPresent(latest -> summary.setLatestJob(
                new LatestJob(latest.id(), latest.title(), latest.platform(), WireTime.of(latest.datePosted()))));
        return ResponseEntity.ok(summary);
    }

    private Instant windowStart(int daysBack) {
        return clock.instant().minus(Duration.ofDays(daysBack));
    }
}
