package com.prospectdata.companies;

import com.prospectdata.auth.CurrentCaller;
import com.prospectdata.generated.api.CompaniesApiDelegate;
import com.prospectdata.generated.model.Company;
import com.prospectdata.generated.model.CompanyList;
import com.prospectdata.generated.model.ReviewStatus;
import com.prospectdata.paging.PageLinks;
import com.prospectdata.paging.PageRequest;
import com.prospectdata.errors.ApiException;
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
    private final CurrentCaller caller;

    CompaniesDelegate(CompanyQueries companies, CompanyAccess access, CurrentCaller caller) {
        this.companies = companies;
        this.access = access;
        this.caller = caller;
    }

    @Override
    public ResponseEntity<CompanyList> listCompanies(UUID prospectSearchId, Integer limit, Integer offset,
                                                     Double minMatchScore, ReviewStatus reviewStatus,
                                                     List<ReviewStatus> reviewStatusList, String search,
                                                     OffsetDateTime updatedSince) {
        access.requireProspectSearch(prospectSearchId, caller.get());

        // review_status_list wins over review_status when both are given.
        List<ReviewStatus> statuses = reviewStatusList != null && !reviewStatusList.isEmpty()
                ? reviewStatusList
                : Optional.ofNullable(reviewStatus).map(List::of).orElse(List.of());
        CompanyFilter filter = new CompanyFilter(prospectSearchId, Optional.ofNullable(minMatchScore),
                statuses.stream().map(ReviewStatus::getValue).distinct().toList(),
                Optional.ofNullable(search), Optional.ofNullable(updatedSince).map(OffsetDateTime::toInstant));
        PageRequest page = new PageRequest(limit, offset);

        CompanyQueries.CompanyPage result = companies.list(filter, page);
        List<Company> items = result.companies().stream().map(CompanyMapper::toDto).toList();
        return PageLinks.ok(page, items.size(), result.total()).body(new CompanyList(items, result.total(), limit, offset,
                page.hasMore(items.size(), result.total())));
    }

    @Override
    public ResponseEntity<Company> getCompany(UUID companyId) {
        access.requireCompany(companyId, caller.get());
        return companies.find(companyId)
                .map(CompanyMapper::toDto)
                .map(ResponseEntity::ok)
                .orElseThrow(() -> ApiException.companyNotFound(companyId));
    }
}
