package com.prospectdata.pipeline.auth;

import com.prospectdata.core.errors.RateLimitExceededException;
import com.prospectdata.core.errors.RateLimitRejections;
import com.prospectdata.pipeline.ApiStep;
import com.prospectdata.pipeline.RequestContext;
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
 * The failed-attempt throttle step, right after authentication: a refused key is answered 401,
 * or 429 once its client address has failed too often this minute ({@link FailedAuthenticationThrottle}).
 * Only failures count, and only against the address they came from: a valid key is served
 * whatever others behind the same address got wrong. Accepted requests pass untouched.
 */
@Component
@ConditionalOnWebApplication
public class FailedAuthenticationFilter extends ApiStep {

    private final FailedAuthenticationThrottle throttle;
    private final Map<KeyRefusal.Reason, Counter> failures = new EnumMap<>(KeyRefusal.Reason.class);
    private final Counter throttled;

    public FailedAuthenticationFilter(FailedAuthenticationThrottle throttle, MeterRegistry meters) {
        this.throttle = throttle;
        // Registered up front, so a rate over them reads 0 rather than "no data" before the first failure.
        for (KeyRefusal.Reason reason : KeyRefusal.Reason.values()) {
            failures.put(reason, Counter.builder("api.authentication.failures")
                    .description("Requests whose key was refused, by why (answered 401, or 429 once throttled)")
                    .tag("reason", reason.tag())
                    .register(meters));
        }
        throttled = RateLimitRejections.counter(meters, "failed_attempts", "none");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!(RequestContext.of(request).heldRefusal().orElse(null) instanceof KeyRefusal refusal)) {
            chain.doFilter(request, response);
            return;
        }
        failures.get(refusal.reason()).increment();
        RuntimeException answer = refusal;
        try {
            // Behind a trusted proxy, Tomcat's RemoteIpValve has already put the client's address here.
            throttle.recordFailure(request.getRemoteAddr());
        } catch (RateLimitExceededException exceeded) {
            throttled.increment();
            answer = exceeded;
        }
        throw answer;
    }
}
