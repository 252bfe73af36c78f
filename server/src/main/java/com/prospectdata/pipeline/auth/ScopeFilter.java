package com.prospectdata.pipeline.auth;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.openapi.ApiOperations;
import com.prospectdata.pipeline.ApiStep;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.RequestContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;

/**
 * The scope step, after the rate limit: the caller's key must have every scope the operation's
 * {@code x-required-scopes} names (403 otherwise); for a path that names no operation, the scopes
 * every operation requires. The plan check follows in Spring MVC ({@link PlanConfiguration}).
 */
@Component
@ConditionalOnWebApplication
public class ScopeFilter extends ApiStep {

    private final List<String> scopesEveryOperationRequires;

    public ScopeFilter(ApiOperations operations) {
        this.scopesEveryOperationRequires = operations.scopesEveryOperationRequires();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        RequestContext context = RequestContext.of(request);
        List<String> required = context.operation()
                .map(operation -> operation.traits().requiredScopes())
                .orElse(scopesEveryOperationRequires);
        AuthenticatedKey caller = context.acceptedCaller();
        if (!required.stream().allMatch(caller::hasScope)) {
            throw ApiException.forbidden("Insufficient scopes. Required: " + String.join(", ", required));
        }
        chain.doFilter(request, response);
    }
}
