package com.prospectdata.features.companies;

import com.prospectdata.generated.api.CompaniesApiDelegate;
import com.prospectdata.generated.model.Company;
import com.prospectdata.generated.model.CompanyList;
import com.prospectdata.generated.model.ReviewStatus;
import com.prospectdata.pipeline.CurrentRequest;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.pipeline.paging.PageLinks;
import com.prospectdata.pipeline.paging.PageRequest;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
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

    CompaniesDelegate(CompanyQueries companies, CompanyLists lists, CompanyAccess access, CurrentRequest current,
                      PageLinks pages) {
        this.companies = companies;
        this.lists = lists;
        this.access = access;
        this.current = current;
        this.pages = pages;
    }

    @Override
    public ResponseEntity<CompanyList> listCompanies(UUID prospectSearchId, Integer limit, Integer offset,
                                                     Double minMatchScore, ReviewStatus reviewStatus,
                                                     List<ReviewStatus> reviewStatusList, String search,
                                                     OffsetDateTime updatedSince) {
        RequestContext request = current.context();
        // review_status_list wins over review_status when both are given.
        List<ReviewStatus> statuses = reviewStatusList != null && !reviewStatusList.isEmpty()
                ? reviewStatusList
                : Optional.ofNullable(reviewStatus).map(List::of).orElse(List.of());
        CompanyFilter filter = new CompanyFilter(prospectSearchId, Optional.ofNullable(minMatchScore),
                statuses.stream().distinct().sorted().toList(),
                Optional.ofNullable(search), Optional.ofNullable(updatedSince).map(OffsetDateTime::toInstant));
        PageRequest page = new PageRequest(limit, offset);

        Page<Company> found = lists.page(request, filter, page).map(CompanyMapper::toDto);
        return pages.ok(request, found, p -> new CompanyList(p.items(), p.total(), p.limit(), p.offset(), p.hasMore()));
    }

    @Override
    public ResponseEntity<Company> getCompany(UUID companyId) {
        RequestContext request = current.context();
        CompanyRow company = access.requireOwned(companies.find(request, companyId), companyId, request.acceptedCaller());
        return ResponseEntity.ok(CompanyMapper.toDto(company));
    }
}
