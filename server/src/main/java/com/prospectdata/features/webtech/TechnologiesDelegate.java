package com.prospectdata.features.webtech;

import com.prospectdata.features.companies.CompanyAccess;
import com.prospectdata.generated.api.TechnologiesApiDelegate;
import com.prospectdata.generated.model.ScanStatus;
import com.prospectdata.generated.model.Technology;
import com.prospectdata.generated.model.TechnologyList;
import com.prospectdata.generated.model.TechnologySummary;
import com.prospectdata.generated.model.TopTechnology;
import com.prospectdata.pipeline.CurrentRequest;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.features.summaries.CompanySummaries;
import com.prospectdata.pipeline.paging.Cursors;
import com.prospectdata.pipeline.paging.PageLinks;
import com.prospectdata.pipeline.paging.PageRequest;
import com.prospectdata.features.webtech.TechnologyQueries.TechnologyRow;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;

@Service
class TechnologiesDelegate implements TechnologiesApiDelegate {

    private final TechnologyQueries technologies;
    private final CompanyAccess access;
    private final CurrentRequest current;
    private final PageLinks pages;
    private final Cursors cursors;

    TechnologiesDelegate(TechnologyQueries technologies, CompanyAccess access, CurrentRequest current, PageLinks pages,
                         Cursors cursors) {
        this.cursors = cursors;
        this.technologies = technologies;
        this.access = access;
        this.current = current;
        this.pages = pages;
    }

    @Override
    public ResponseEntity<TechnologyList> listCompanyTechnologies(UUID companyId, String category,
                                                                  Integer minConfidence, Integer limit, Integer offset,
                                                                  String cursor) {
        RequestContext request = current.context();
        PageRequest page = cursors.read(request, limit, offset, cursor, TechnologyQueries.KEY_TYPES);
        String categoryFilter = category == null || category.isBlank() ? null : category.strip();
        TechnologyQueries.Scanned<Page<TechnologyRow>> scanned = access.requireOwned(
                technologies.list(request, companyId, categoryFilter, minConfidence, page).orElse(null), companyId,
                request.acceptedCaller());
        ScanStatus status = scanned.status();
        Page<Technology> found = scanned.technologies()
                .map(row -> new Technology(row.name(), row.category(), row.confidence()).version(row.version()));
        return pages.ok(request, found, (p, next) -> new TechnologyList(p.items(), p.total(), p.limit(), p.offset(), p.hasMore(),
                status == ScanStatus.COMPLETED, status).nextCursor(next));
    }

    @Override
    public ResponseEntity<TechnologySummary> getCompanyWebtechSummary(UUID companyId) {
        RequestContext request = current.context();
        TechnologyQueries.Scanned<TechnologyQueries.Summary> scanned = access.requireOwned(
                technologies.summary(request, companyId, CompanySummaries.TOP_TECHNOLOGIES).orElse(null), companyId,
                request.acceptedCaller());
        ScanStatus status = scanned.status();
        List<TopTechnology> top = scanned.technologies().top().stream()
                .map(row -> new TopTechnology(row.name(), row.category(), row.confidence()))
                .toList();
        Map<String, Long> counts = scanned.technologies().countsByCategory();
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        return ResponseEntity.ok(new TechnologySummary(top, total, counts, status == ScanStatus.COMPLETED, status));
    }
}
