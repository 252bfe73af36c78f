package com.prospectdata.features.companies;

import com.prospectdata.data.reuse.ResultReuse;
import com.prospectdata.features.companies.CompanyRow.ContactRow;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.RequestReads;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.pipeline.paging.PageRequest;
import java.util.OptionalLong;
import org.springframework.stereotype.Component;

/**
 * Pages of the companies list, and their totals, reused while the caller's organization's data
 * version holds (docs/api-rules.md §1, "Validators and freshness"): the version the request read
 * where it reads its data, the same its validator was made from. A kept page stands for the
 * whole answer, the ownership check included: a prospect search that moves to another
 * organization raises both organizations' versions. A total is kept per filter, so the later
 * pages of a search do not count its matches again.
 */
@Component
class CompanyLists {

    private record PageOf(CompanyFilter filter, PageRequest page) {
    }

    private record TotalOf(CompanyFilter filter) {
    }

    private final CompanyQueries companies;
    private final CompanyAccess access;
    private final ResultReuse reuse;
    private final RequestReads reads;

    CompanyLists(CompanyQueries companies, CompanyAccess access, ResultReuse reuse, RequestReads reads) {
        this.companies = companies;
        this.access = access;
        this.reuse = reuse;
        this.reads = reads;
    }

    Page<CompanyRow> page(RequestContext request, CompanyFilter filter, PageRequest pageRequest) {
        AuthenticatedKey caller = request.acceptedCaller();
        ResultReuse.Scope scope = reuse.forOrganization(caller.organizationId(), () -> reads.dataVersion(request));
        return scope.get(new PageOf(filter, pageRequest), page -> bytesOf(filter, page), () -> {
            TotalOf totalOf = new TotalOf(filter);
            OptionalLong knownTotal = scope.<Long>kept(totalOf).map(OptionalLong::of).orElse(OptionalLong.empty());
            Page<CompanyRow> page = access.requireOwnedProspectSearch(
                    companies.list(request, filter, pageRequest, knownTotal).orElse(null), filter.prospectSearchId(), caller);
            if (knownTotal.isEmpty()) {
                scope.keep(totalOf, page.total(), total -> bytesOf(filter) + 16);
            }
            return page;
        });
    }

    /** The key's filter: its term is the only part of a key whose size the caller decides. */
    private static long bytesOf(CompanyFilter filter) {
        return 200 + ResultReuse.bytesOf(filter.search());
    }

    private static long bytesOf(CompanyFilter filter, Page<CompanyRow> page) {
        long bytes = bytesOf(filter) + 64;
        for (CompanyRow company : page.items()) {
            bytes += 260 + ResultReuse.bytesOf(company.name()) + ResultReuse.bytesOf(company.city())
                    + ResultReuse.bytesOf(company.country()) + ResultReuse.bytesOf(company.businessType())
                    + ResultReuse.bytesOf(company.website()) + ResultReuse.bytesOf(company.phone());
            for (ContactRow contact : company.contacts()) {
                bytes += 80 + ResultReuse.bytesOf(contact.name()) + ResultReuse.bytesOf(contact.title())
                        + ResultReuse.bytesOf(contact.email()) + ResultReuse.bytesOf(contact.linkedinUrl());
            }
        }
        return bytes;
    }
}
