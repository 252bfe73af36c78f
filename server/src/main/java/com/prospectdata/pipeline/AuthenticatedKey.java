package com.prospectdata.pipeline;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A valid, unrevoked key of this deployment's environment, as the request's caller: the
 * authentication step accepts it into the request's {@link RequestContext}. An expiry, when the
 * key has one, is checked against the clock on every request (see auth/ApiKeyService).
 */
public record AuthenticatedKey(UUID keyId, UUID organizationId, Tier tier, int hourlyLimit, List<String> scopes,
                               Optional<Instant> expiresAt) {

    public boolean hasScope(String scope) {
        return scopes.contains(scope);
    }

    public boolean hasExpiredAt(Instant now) {
        return expiresAt.filter(expiry -> !now.isBefore(expiry)).isPresent();
    }
}
