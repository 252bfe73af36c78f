package com.prospectdata.pipeline.auth;

import jakarta.servlet.ServletRequest;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A valid, unrevoked key of this deployment's environment, as the request's caller. An expiry,
 * when the key has one, is checked against the clock on every request (see ApiKeyService).
 */
public record AuthenticatedKey(UUID keyId, UUID organizationId, Tier tier, int hourlyLimit, List<String> scopes,
                               Optional<Instant> expiresAt) {

    /** Where the authentication step leaves the caller for the steps after it. */
    private static final String REQUEST_ATTRIBUTE = AuthenticatedKey.class.getName();

    /** The caller the authentication step accepted for this request, if it did. */
    public static Optional<AuthenticatedKey> of(ServletRequest request) {
        return Optional.ofNullable((AuthenticatedKey) request.getAttribute(REQUEST_ATTRIBUTE));
    }

    /**
     * The caller the authentication step accepted, for the steps after it, which run only for
     * accepted callers.
     */
    public static AuthenticatedKey accepted(ServletRequest request) {
        return of(request).orElseThrow(() -> new IllegalStateException(
                "A key step ran before authentication or after it refused: see web/RequestPipeline"));
    }

    void attachTo(ServletRequest request) {
        request.setAttribute(REQUEST_ATTRIBUTE, this);
    }

    public boolean hasScope(String scope) {
        return scopes.contains(scope);
    }

    public boolean hasExpiredAt(Instant now) {
        return expiresAt.filter(expiry -> !now.isBefore(expiry)).isPresent();
    }
}
