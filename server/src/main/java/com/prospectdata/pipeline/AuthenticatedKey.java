package com.prospectdata.pipeline;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * A valid, unrevoked key of this deployment's environment, as the request's caller: the
 * authentication step accepts it into the request's {@link RequestContext}. An expiry, when the
 * key has one, is checked against the clock on every request (see auth/ApiKeyService).
 */
public record AuthenticatedKey(UUID keyId, UUID organizationId, Tier tier, int hourlyLimit, List<String> scopes,
                               @Nullable Instant expiresAt) {

    public boolean hasScope(String scope) {
        return scopes.contains(scope);
    }

    public boolean hasExpiredAt(Instant now) {
        return expiresAt != null && !now.isBefore(expiresAt);
    }
}
