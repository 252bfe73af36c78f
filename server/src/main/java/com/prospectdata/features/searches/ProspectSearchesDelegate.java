package com.prospectdata.features.searches;

import com.prospectdata.core.openapi.WireTime;
import com.prospectdata.features.companies.CompanyAccess;
import com.prospectdata.generated.api.ProspectSearchesApiDelegate;
import com.prospectdata.generated.model.ProspectSearch;
import com.prospectdata.generated.model.ProspectSearchList;
import com.prospectdata.pipeline.CurrentRequest;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.paging.Cursors;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.pipeline.paging.PageLinks;
import com.prospectdata.pipeline.paging.PageRequest;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;

@Service
class ProspectSearchesDelegate implements ProspectSearchesApiDelegate {

    private final ProspectSearchQueries searches;
    private final CompanyAccess access;
    private final CurrentRequest current;
    private final PageLinks pages;
    private final Cursors cursors;

    ProspectSearchesDelegate(ProspectSearchQueries searches, CompanyAccess access, CurrentRequest current, PageLinks pages,
                             Cursors cursors) {
        this.searches = searches;
        this.access = access;
        this.current = current;
        this.pages = pages;
        this.cursors = cursors;
    }

    @Override
    public ResponseEntity<ProspectSearchList> listProspectSearches(Integer limit, Integer offset, String cursor) {
        RequestContext request = current.context();
        PageRequest page = cursors.read(request, limit, offset, cursor, ProspectSearchQueries.KEY_TYPES);
        Page<ProspectSearch> found = searches.list(request, request.acceptedCaller().organizationId(), page)
                .map(row -> toDto(request, row));
        return pages.ok(request, found, (p, next) -> new ProspectSearchList(p.items(), p.total(), p.limit(), p.offset(),
                p.hasMore()).nextCursor(next));
    }

    @Override
    public ResponseEntity<ProspectSearch> getProspectSearch(UUID prospectSearchId) {
        RequestContext request = current.context();
        ProspectSearchQueries.SearchRow search = access.requireOwnedProspectSearch(searches.find(request, prospectSearchId).orElse(null),
                prospectSearchId, request.acceptedCaller());
        return ResponseEntity.ok(toDto(request, search));
    }

    private ProspectSearch toDto(RequestContext request, ProspectSearchQueries.SearchRow row) {
        return new ProspectSearch(row.id(), row.name(), row.companyCount(), WireTime.of(row.createdAt()),
                WireTime.of(row.updatedAt()),
                cursors.changesCursor(request.acceptedCaller().organizationId(), row.id(), row.changePosition()));
    }
}
