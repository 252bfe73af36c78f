package com.prospectdata.auth;

import com.prospectdata.ratelimit.RateLimiter;
import com.prospectdata.web.ApiException;
import com.prospectdata.web.RequestIdFilter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.cors.CorsUtils;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * Bearer authentication, the rate limit and the scope check for every {@code /api/v1} route,
 * known or not, in the contract's order: 401, then 429, then 403, all before any parameter is
 * looked at. Failures go to the one error handler through Spring's exception resolver.
 */
@Component
@ConditionalOnWebApplication
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class ApiKeyAuthenticationFilter extends OncePerRequestFilter {

    private static final String CALLER_ATTRIBUTE = AuthenticatedKey.class.getName();
    private static final String BEARER = "Bearer ";
    /**
     * When the caller's key stops working, on every response to a key that has an expiry (the
     * habit of GitHub's {@code GitHub-Authentication-Token-Expiration}), so a client can warn
     * before it happens. RFC 3339 in UTC, to the second.
     */
    public static final String KEY_EXPIRATION_HEADER = "API-Key-Expiration";

    private final ApiKeyService keys;
    private final RateLimiter rateLimiter;
    private final FailedAuthenticationThrottle failedAuthentications;
    private final KeyUsageRecorder usage;
    private final BenchmarkCaller benchmarkCaller;
    private final HandlerExceptionResolver errors;

    public ApiKeyAuthenticationFilter(ApiKeyService keys, RateLimiter rateLimiter,
                                      FailedAuthenticationThrottle failedAuthentications, KeyUsageRecorder usage,
                                      BenchmarkCaller benchmarkCaller,
                                      @Qualifier("handlerExceptionResolver") HandlerExceptionResolver errors) {
        this.keys = keys;
        this.rateLimiter = rateLimiter;
        this.failedAuthentications = failedAuthentications;
        this.usage = usage;
        this.benchmarkCaller = benchmarkCaller;
        this.errors = errors;
    }

    /** The caller of the current request; present on every {@code /api/v1} handler. */
    public static AuthenticatedKey currentCaller() {
        return Optional.ofNullable(RequestContextHolder.getRequestAttributes())
                .map(attributes -> attributes.getAttribute(CALLER_ATTRIBUTE, RequestAttributes.SCOPE_REQUEST))
                .map(AuthenticatedKey.class::cast)
                .orElseThrow(() -> new IllegalStateException("No authenticated caller on this request"));
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        // A CORS preflight carries no credentials by design; Spring answers it from the CORS
        // configuration (and refuses it when CORS is off).
        return !(path.equals("/api/v1") || path.startsWith("/api/v1/")) || CorsUtils.isPreFlightRequest(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        AuthenticatedKey caller;
        // Behind a trusted proxy, Tomcat's RemoteIpValve has already put the client's address here.
        String clientAddress = request.getRemoteAddr();
        try {
            if (benchmarkCaller.caller().isPresent()) {
                caller = benchmarkCaller.caller().get();
            } else {
                try {
                    caller = authenticate(Collections.list(request.getHeaders(HttpHeaders.AUTHORIZATION)));
                } catch (ApiException e) {
                    // Only failures count, and only against the address they came from: a valid
                    // key is served whatever others behind the same address got wrong.
                    failedAuthentications.recordFailure(clientAddress);
                    throw e;
                }
            }
            request.setAttribute(RequestIdFilter.KEY_ID_ATTRIBUTE, caller.keyId());
            // Set before the rate limit and scope checks so that their refusals carry it too.
            caller.expiresAt().ifPresent(expiry -> response.setHeader(KEY_EXPIRATION_HEADER, expiry.toString()));
            rateLimiter.consume(caller, response);
            if (!caller.hasScope(Scopes.COMPANIES_READ)) {
                throw ApiException.forbidden("Insufficient scopes. Required: " + Scopes.COMPANIES_READ);
            }
        } catch (RuntimeException e) {
            errors.resolveException(request, response, null, e);
            return;
        }
        request.setAttribute(CALLER_ATTRIBUTE, caller);
        if (benchmarkCaller.caller().isEmpty()) {
            usage.used(caller.keyId());
        }
        chain.doFilter(request, response);
    }

    private AuthenticatedKey authenticate(List<String> authorizations) {
        if (authorizations.size() > 1) {
            // Which one would a proxy or a cache have used? Refuse rather than guess.
            throw ApiException.unauthorized("Send exactly one Authorization header; this request has " + authorizations.size());
        }
        String authorization = authorizations.isEmpty() ? null : authorizations.getFirst();
        if (authorization == null || authorization.isBlank()) {
            throw ApiException.unauthorized("Missing API key: send the header Authorization: Bearer <API_KEY>");
        }
        if (!authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw ApiException.unauthorized("Invalid Authorization header: use the Bearer scheme, Authorization: Bearer <API_KEY>");
        }
        return keys.authenticate(authorization.substring(BEARER.length()).trim());
    }
}
