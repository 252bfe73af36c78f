package com.prospectdata.companies;

import com.prospectdata.auth.AuthenticatedKey;
import com.prospectdata.errors.ApiException;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Existence and ownership, checked after parameter validation (docs/api-rules.md §2):
 * an unknown resource is 404, another organization's is 403.
 */
@Component
public class CompanyAccess {

    private final CompanyQueries companies;

    public CompanyAccess(CompanyQueries companies) {
        this.companies = companies;
    }

    public void requireCompany(UUID companyId, AuthenticatedKey caller) {
        UUID owner = companies.ownerOfCompany(companyId)
                .orElseThrow(() -> ApiException.companyNotFound(companyId));
        requireOwner(owner, caller, "company " + companyId);
    }

    public void requireProspectSearch(UUID prospectSearchId, AuthenticatedKey caller) {
        UUID owner = companies.ownerOfProspectSearch(prospectSearchId)
                .orElseThrow(() -> ApiException.prospectSearchNotFound(prospectSearchId));
        requireOwner(owner, caller, "prospect search " + prospectSearchId);
    }

    private static void requireOwner(UUID owner, AuthenticatedKey caller, String what) {
        if (!owner.equals(caller.organizationId())) {
            throw ApiException.forbidden("The " + what + " belongs to another organization");
        }
    }
}
