package com.prospectdata.ratelimit;

import com.prospectdata.auth.KeyStep;
import com.prospectdata.errors.RateLimitExceededException;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerExceptionResolver;

/** The rate-limit step, after authentication: one token of the caller's bucket, the headers, or 429. */
@Component
@ConditionalOnWebApplication
public class RateLimitFilter extends KeyStep {

    private final RateLimiter rateLimiter;

    public RateLimitFilter(RateLimiter rateLimiter, @Qualifier("handlerExceptionResolver") HandlerExceptionResolver errors) {
        super(errors);
        this.rateLimiter = rateLimiter;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        try {
            rateLimiter.consume(acceptedCaller(request), response);
        } catch (RateLimitExceededException exceeded) {
            refuse(request, response, exceeded);
            return;
        }
        chain.doFilter(request, response);
    }
}
