package com.prospectdata.features.companies;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.pipeline.AuthenticatedKey;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Existence and ownership, checked after parameter validation (docs/api-rules.md §2):
 * an unknown resource is 404, another organization's is 403.
 */
@Component
public class CompanyAccess {

    /**
     * The value of a list read with the owner of its prospect search: 404 when the search does not
     * exist (nothing was read), 403 when it is another organization's.
     */
    public <T> T requireOwnedProspectSearch(Optional<Owned<T>> found, UUID prospectSearchId, AuthenticatedKey caller) {
        Owned<T> owned = found.orElseThrow(() -> ApiException.prospectSearchNotFound(prospectSearchId));
        requireOwner(owned.owner(), caller, "prospect search " + prospectSearchId);
        return owned.value();
    }

    /**
     * The value of a company read with its owner: 404 when the company does not exist (nothing
     * was read), 403 when it is another organization's.
     */
    public <T> T requireOwned(Optional<Owned<T>> found, UUID companyId, AuthenticatedKey caller) {
        Owned<T> owned = found.orElseThrow(() -> ApiException.companyNotFound(companyId));
        requireOwner(owned.owner(), caller, "company " + companyId);
        return owned.value();
    }

    private static void requireOwner(UUID owner, AuthenticatedKey caller, String what) {
        if (!owner.equals(caller.organizationId())) {
            throw ApiException.forbidden("The " + what + " belongs to another organization");
        }
    }
}
