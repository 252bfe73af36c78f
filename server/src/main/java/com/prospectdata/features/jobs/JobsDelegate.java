package com.prospectdata.features.jobs;

import com.prospectdata.pipeline.auth.CurrentCaller;
import com.prospectdata.features.companies.CompanyAccess;
import com.prospectdata.generated.api.JobsApiDelegate;
import com.prospectdata.generated.model.Job;
import com.prospectdata.generated.model.JobList;
import com.prospectdata.generated.model.JobSummary;
import com.prospectdata.generated.model.LatestJob;
import com.prospectdata.core.openapi.WireTime;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.pipeline.paging.PageLinks;
import com.prospectdata.pipeline.paging.PageRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
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
    private final CurrentCaller caller;
    private final PageLinks pages;

    JobsDelegate(JobQueries jobs, CompanyAccess access, Clock clock, CurrentCaller caller, PageLinks pages) {
        this.jobs = jobs;
        this.access = access;
        this.clock = clock;
        this.caller = caller;
        this.pages = pages;
    }

    @Override
    public ResponseEntity<JobList> listCompanyJobs(UUID companyId, Integer daysBack, String platform,
                                                   Integer limit, Integer offset) {
        PageRequest page = new PageRequest(limit, offset);
        Optional<String> platformFilter = Optional.ofNullable(platform).map(String::strip).filter(p -> !p.isEmpty());
        Page<Job> found = access.requireOwned(jobs.activeJobs(companyId, windowStart(daysBack), platformFilter, page),
                        companyId, caller.get())
                .map(row -> new Job(row.id(), row.title(), row.platform(), WireTime.of(row.datePosted()), row.jobUrl()));
        HiringActivity activity = HiringActivity.of(found.total(), daysBack);
        return pages.ok(found, p -> new JobList(p.items(), p.total(), p.limit(), p.offset(), p.hasMore(),
                activity.strength(), activity.roundedVelocity()));
    }

    @Override
    public ResponseEntity<JobSummary> getCompanyJobsSummary(UUID companyId) {
        JobQueries.JobSummaryRow found = access.requireOwned(jobs.summary(companyId, windowStart(SUMMARY_DAYS_BACK)),
                companyId, caller.get());
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
