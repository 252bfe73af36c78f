package com.prospectdata.auth;

import com.prospectdata.ratelimit.RateLimiter;
import com.prospectdata.web.ApiException;
import com.prospectdata.web.RequestIdFilter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
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

    private static final Logger log = LoggerFactory.getLogger(ApiKeyAuthenticationFilter.class);
    private static final String CALLER_ATTRIBUTE = AuthenticatedKey.class.getName();
    private static final String BEARER = "Bearer ";

    private final ApiKeyService keys;
    private final RateLimiter rateLimiter;
    private final HandlerExceptionResolver errors;
    // last_used_at is bookkeeping: it must never slow down or fail the request it describes.
    private final Executor bookkeeping = Executors.newVirtualThreadPerTaskExecutor();

    public ApiKeyAuthenticationFilter(ApiKeyService keys, RateLimiter rateLimiter,
                                      @Qualifier("handlerExceptionResolver") HandlerExceptionResolver errors) {
        this.keys = keys;
        this.rateLimiter = rateLimiter;
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
        return !(path.equals("/api/v1") || path.startsWith("/api/v1/"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        AuthenticatedKey caller;
        try {
            caller = authenticate(request.getHeader(HttpHeaders.AUTHORIZATION));
            request.setAttribute(RequestIdFilter.KEY_ID_ATTRIBUTE, caller.keyId());
            rateLimiter.consume(caller, response);
            if (!caller.hasScope(Scopes.COMPANIES_READ)) {
                throw ApiException.forbidden("Insufficient scopes. Required: " + Scopes.COMPANIES_READ);
            }
        } catch (RuntimeException e) {
            errors.resolveException(request, response, null, e);
            return;
        }
        request.setAttribute(CALLER_ATTRIBUTE, caller);
        bookkeeping.execute(() -> recordUse(caller));
        chain.doFilter(request, response);
    }

    private AuthenticatedKey authenticate(String authorization) {
        if (authorization == null || authorization.isBlank()) {
            throw ApiException.unauthorized("Missing API key: send the header Authorization: Bearer <API_KEY>");
        }
        if (!authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw ApiException.unauthorized("Invalid Authorization header: use the Bearer scheme, Authorization: Bearer <API_KEY>");
        }
        return keys.authenticate(authorization.substring(BEARER.length()).trim());
    }

    private void recordUse(AuthenticatedKey caller) {
        try {
            keys.recordUse(caller.keyId());
        } catch (RuntimeException e) {
            log.warn("Could not record the use of key {}: {}", caller.keyId(), e.toString());
        }
    }
}
