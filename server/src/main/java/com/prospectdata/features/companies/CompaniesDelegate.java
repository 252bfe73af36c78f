package com.prospectdata.features.companies;

import com.prospectdata.features.summaries.CompanySummaries;
import com.prospectdata.generated.api.CompaniesApiDelegate;
import com.prospectdata.generated.model.Company;
import com.prospectdata.generated.model.CompanyInclude;
import com.prospectdata.generated.model.CompanyList;
import com.prospectdata.generated.model.ReviewStatus;
import com.prospectdata.pipeline.CurrentRequest;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.paging.Cursors;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.pipeline.paging.PageLinks;
import com.prospectdata.pipeline.paging.PageRequest;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
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
        summaries.embed(request, found.items(), include);
        return pages.ok(request, found, (p, next) -> new CompanyList(p.items(), p.total(), p.limit(), p.offset(), p.hasMore())
                .nextCursor(next));
    }

    @Override
    public ResponseEntity<Company> getCompany(UUID companyId, List<CompanyInclude> include) {
        RequestContext request = current.context();
        CompanyRow company = access.requireOwned(companies.find(request, companyId).orElse(null), companyId, request.acceptedCaller());
        Company found = CompanyMapper.toDto(company);
        summaries.embed(request, List.of(found), include);
        return ResponseEntity.ok(found);
    }
}
