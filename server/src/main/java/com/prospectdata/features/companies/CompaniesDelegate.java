package com.prospectdata.features.companies;

import com.prospectdata.generated.api.CompaniesApiDelegate;
import com.prospectdata.features.summaries.CompanySummaries;
import com.prospectdata.generated.model.Company;
import com.prospectdata.generated.model.CompanyInclude;
import com.prospectdata.generated.model.JobSummary;
import com.prospectdata.generated.model.TechnologySummary;
import com.prospectdata.generated.model.CompanyList;
import com.prospectdata.generated.model.ReviewStatus;
import com.prospectdata.pipeline.CurrentRequest;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.pipeline.paging.Cursors;
import com.prospectdata.pipeline.paging.PageLinks;
import com.prospectdata.pipeline.paging.PageRequest;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;

@Service
class CompaniesDelegate implements CompaniesApiDelegate {

    private final CompanyQueries companies;
    private final CompanyAccess access;
    private final CurrentRequest current;
    private final CompanyLists lists;
    private final PageLinks pages;
    private final Cursors cursors;
    private final CompanySummaries summaries;

    CompaniesDelegate(CompanyQueries companies, CompanyLists lists, CompanyAccess access, CurrentRequest current,
                      PageLinks pages, Cursors cursors, CompanySummaries summaries) {
        this.cursors = cursors;
        this.summaries = summaries;
        this.companies = companies;
        this.lists = lists;
        this.access = access;
        this.current = current;
        this.pages = pages;
    }

    @Override
    public ResponseEntity<CompanyList> listCompanies(UUID prospectSearchId, Integer limit, Integer offset, String cursor,
                                                     Double minMatchScore, ReviewStatus reviewStatus,
                                                     List<ReviewStatus> reviewStatusList, String search,
                                                     OffsetDateTime updatedSince, List<CompanyInclude> include) {
        RequestContext request = current.context();
        CompanyFilter filter = CompanyFilter.of(prospectSearchId, minMatchScore, reviewStatus, reviewStatusList, search,
                updatedSince);
        PageRequest page = cursors.read(request, limit, offset, cursor, CompanyQueries.KEY_TYPES);

        Page<Company> found = lists.page(request, filter, page).map(CompanyMapper::toDto);
        embed(request, found.items(), include);
        return pages.ok(request, found, (p, next) -> new CompanyList(p.items(), p.total(), p.limit(), p.offset(), p.hasMore())
                .nextCursor(next));
    }

    @Override
    public ResponseEntity<Company> getCompany(UUID companyId, List<CompanyInclude> include) {
        RequestContext request = current.context();
        CompanyRow company = access.requireOwned(companies.find(request, companyId), companyId, request.acceptedCaller());
        Company found = CompanyMapper.toDto(company);
        embed(request, List.of(found), include);
        return ResponseEntity.ok(found);
    }

    /** The summaries {@code include} asks for, each one statement for all of {@code found} (docs/api-rules.md §13). */
    void embed(RequestContext request, List<Company> found, @Nullable List<CompanyInclude> include) {
        if (include == null || include.isEmpty() || found.isEmpty()) {
            return;
        }
        List<UUID> ids = found.stream().map(Company::getId).toList();
        if (include.contains(CompanyInclude.JOBS_SUMMARY)) {
            Map<UUID, JobSummary> jobs = summaries.jobs(request, ids);
            found.forEach(company -> company.setJobsSummary(jobs.get(company.getId())));
        }
        if (include.contains(CompanyInclude.WEBTECH_SUMMARY)) {
            Map<UUID, TechnologySummary> technologies = summaries.technologies(request, ids);
            found.forEach(company -> company.setWebtechSummary(technologies.get(company.getId())));
        }
    }
}
