package com.prospectdata.pipeline.ratelimit;

import com.prospectdata.core.errors.RateLimitExceededException;
import com.prospectdata.core.errors.RateLimitRejections;
import com.prospectdata.pipeline.ApiStep;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.Tier;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;

/**
 * The rate-limit step, after authentication: the operation's {@code x-rate-limit-cost} in tokens
 * of the caller's bucket, the headers, or 429.
 */
@Component
@ConditionalOnWebApplication
public class RateLimitFilter extends ApiStep {

    private final RateLimiter rateLimiter;
    private final Map<Tier, Counter> rejections = new EnumMap<>(Tier.class);

    public RateLimitFilter(RateLimiter rateLimiter, MeterRegistry meters) {
        this.rateLimiter = rateLimiter;
        for (Tier tier : Tier.values()) {
            rejections.put(tier, RateLimitRejections.counter(meters, "key", tier.wireName()));
        }
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        RequestContext context = RequestContext.of(request);
        AuthenticatedKey caller = context.acceptedCaller();
        try {
            rateLimiter.consume(caller, costOf(context), response).ifPresent(context::keepBudget);
        } catch (RateLimitExceededException exceeded) {
            rejections.get(caller.tier()).increment();
            throw exceeded;
        }
        chain.doFilter(request, response);
    }

    /** A path that names no operation costs a token too, so that probing for paths is not free. */
    private static int costOf(RequestContext context) {
        return context.operation().map(operation -> operation.traits().rateLimitCost()).orElse(1);
    }
}
