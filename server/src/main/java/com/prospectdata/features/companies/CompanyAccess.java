package com.prospectdata.features.companies;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.pipeline.AuthenticatedKey;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Existence and ownership, checked after parameter validation (docs/api-rules.md §2):
 * an unknown resource is 404, another organization's is 403.
 */
@Component
public class CompanyAccess {

    /**
     * The value of a list read with the owner of its prospect search: 404 when the search does not
     * exist ({@code found} is null: nothing was read), 403 when it is another organization's.
     */
    public <T> T requireOwnedProspectSearch(@Nullable Owned<T> found, UUID prospectSearchId, AuthenticatedKey caller) {
        if (found == null) {
            throw ApiException.prospectSearchNotFound(prospectSearchId);
        }
        requireOwner(found.owner(), caller, "prospect search " + prospectSearchId);
        return found.value();
    }

    /**
     * The value of a company read with its owner: 404 when the company does not exist
     * ({@code found} is null: nothing was read), 403 when it is another organization's.
     */
    public <T> T requireOwned(@Nullable Owned<T> found, UUID companyId, AuthenticatedKey caller) {
        if (found == null) {
            throw ApiException.companyNotFound(companyId);
        }
        requireOwner(found.owner(), caller, "company " + companyId);
        return found.value();
    }

    private static void requireOwner(UUID owner, AuthenticatedKey caller, String what) {
        if (!owner.equals(caller.organizationId())) {
            throw ApiException.forbidden("The " + what + " belongs to another organization");
        }
    }
}
