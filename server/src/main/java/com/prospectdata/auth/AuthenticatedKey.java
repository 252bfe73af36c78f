package com.prospectdata.auth;

import java.util.List;
import java.util.UUID;

/** A valid, unrevoked key of this deployment's environment, as the request's caller. */
public record AuthenticatedKey(UUID keyId, UUID organizationId, Tier tier, int hourlyLimit, List<String> scopes) {

    public boolean hasScope(String scope) {
        return scopes.contains(scope);
    }
}
