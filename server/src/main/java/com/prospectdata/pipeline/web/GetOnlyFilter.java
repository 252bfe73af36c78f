package com.prospectdata.pipeline.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.cors.CorsUtils;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * Every route is GET (and HEAD). OPTIONS and TRACE would otherwise get the servlet container's
 * bodiless answers; here they get the contract's JSON 405 with {@code Allow}. CORS preflights,
 * when CORS is configured, are left to Spring. POST, PUT, PATCH and DELETE reach Spring, which
 * answers 405 on a known route and 404 on an unknown one. Unlike the steps before it, it answers
 * through the one error handler itself instead of throwing: it runs inside the conditional-GET
 * step, whose buffered response must hold the answer when that step finishes.
 */
@Component
@ConditionalOnWebApplication
class GetOnlyFilter extends OncePerRequestFilter {

    private static final List<String> ANSWERED_BY_THE_API = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE");

    private final HandlerExceptionResolver errors;
    private final boolean corsConfigured;

    public GetOnlyFilter(@Qualifier("handlerExceptionResolver") HandlerExceptionResolver errors, WebProperties settings) {
        this.errors = errors;
        this.corsConfigured = settings.cors().enabled();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (ANSWERED_BY_THE_API.contains(request.getMethod()) || (corsConfigured && CorsUtils.isPreFlightRequest(request))) {
            chain.doFilter(request, response);
            return;
        }
        errors.resolveException(request, response, null,
                new HttpRequestMethodNotSupportedException(request.getMethod(), List.of("GET", "HEAD")));
    }
}
