package com.prospectdata.pipeline.auth;

import com.prospectdata.pipeline.ApiStep;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.RequestContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The authentication step of every {@code /api/v1} request: the bearer key becomes the caller in
 * the request's {@link RequestContext}, or the refusal (401) is left there for the next step,
 * {@link FailedAuthenticationFilter}, which answers it. An accepted key's expiry goes out as a
 * header on whatever the request gets.
 */
@Component
@ConditionalOnWebApplication
public class ApiKeyAuthenticationFilter extends OncePerRequestFilter {

    /**
     * When the caller's key stops working, on every response to a key that has an expiry (the
     * habit of GitHub's {@code GitHub-Authentication-Token-Expiration}), so a client can warn
     * before it happens. RFC 3339 in UTC, to the second.
     */
    public static final String KEY_EXPIRATION_HEADER = "API-Key-Expiration";

    private static final String BEARER = "Bearer ";

    private final ApiKeyService keys;
    private final KeyUsageRecorder usage;
    private final BenchmarkCaller benchmarkCaller;

    public ApiKeyAuthenticationFilter(ApiKeyService keys, KeyUsageRecorder usage, BenchmarkCaller benchmarkCaller) {
        this.keys = keys;
        this.usage = usage;
        this.benchmarkCaller = benchmarkCaller;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !ApiStep.appliesTo(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        RequestContext context = RequestContext.of(request);
        if (benchmarkCaller.caller().isPresent()) {
            context.acceptCaller(benchmarkCaller.caller().get());
            chain.doFilter(request, response);
            return;
        }
        AuthenticatedKey caller;
        try {
            caller = authenticate(Collections.list(request.getHeaders(HttpHeaders.AUTHORIZATION)));
        } catch (KeyRefusal refused) {
            context.holdRefusal(refused);
            chain.doFilter(request, response);
            return;
        }
        context.acceptCaller(caller);
        Instant expiry = caller.expiresAt();
        if (expiry != null) {
            response.setHeader(KEY_EXPIRATION_HEADER, expiry.toString());
        }
        usage.used(caller.keyId());
        chain.doFilter(request, response);
    }

    private AuthenticatedKey authenticate(List<String> authorizations) {
        if (authorizations.size() > 1) {
            // Which one would a proxy or a cache have used? Refuse rather than guess.
            throw new KeyRefusal(KeyRefusal.Reason.SEVERAL_HEADERS,
                    "Send exactly one Authorization header; this request has " + authorizations.size());
        }
        String authorization = authorizations.isEmpty() ? null : authorizations.getFirst();
        if (authorization == null || authorization.isBlank()) {
            throw new KeyRefusal(KeyRefusal.Reason.MISSING, "Missing API key: send the header Authorization: Bearer <API_KEY>");
        }
        if (!authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw new KeyRefusal(KeyRefusal.Reason.NOT_BEARER,
                    "Invalid Authorization header: use the Bearer scheme, Authorization: Bearer <API_KEY>");
        }
        return keys.authenticate(authorization.substring(BEARER.length()).trim());
    }
}
