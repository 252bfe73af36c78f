package com.prospectdata.auth;

import com.prospectdata.errors.ApiException;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * The scope step, after the rate limit: every {@code /api/v1} operation needs
 * {@code companies:read} (403 otherwise). The plan check follows in Spring MVC, where the
 * operation is known ({@link PlanConfiguration}).
 */
@Component
@ConditionalOnWebApplication
public class ScopeFilter extends KeyStep {

    public ScopeFilter(@Qualifier("handlerExceptionResolver") HandlerExceptionResolver errors) {
        super(errors);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!acceptedCaller(request).hasScope(Scopes.COMPANIES_READ)) {
            refuse(request, response, ApiException.forbidden("Insufficient scopes. Required: " + Scopes.COMPANIES_READ));
            return;
        }
        chain.doFilter(request, response);
    }
}
