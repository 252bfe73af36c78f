package com.prospectdata.auth;

import com.prospectdata.errors.ApiException;
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

/**
 * The failed-attempt throttle step, right after authentication: a refused key is answered 401,
 * or 429 once its client address has failed too often this minute ({@link FailedAuthenticationThrottle}).
 * Only failures count, and only against the address they came from: a valid key is served
 * whatever others behind the same address got wrong. Accepted requests pass untouched.
 */
@Component
@ConditionalOnWebApplication
public class FailedAuthenticationFilter extends KeyStep {

    private static final String REFUSAL_ATTRIBUTE = FailedAuthenticationFilter.class.getName() + ".refusal";

    private final FailedAuthenticationThrottle throttle;

    public FailedAuthenticationFilter(FailedAuthenticationThrottle throttle,
                                      @Qualifier("handlerExceptionResolver") HandlerExceptionResolver errors) {
        super(errors);
        this.throttle = throttle;
    }

    static void attachRefusal(HttpServletRequest request, ApiException refusal) {
        request.setAttribute(REFUSAL_ATTRIBUTE, refusal);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!(request.getAttribute(REFUSAL_ATTRIBUTE) instanceof ApiException refusal)) {
            chain.doFilter(request, response);
            return;
        }
        RuntimeException answer = refusal;
        try {
            // Behind a trusted proxy, Tomcat's RemoteIpValve has already put the client's address here.
            throttle.recordFailure(request.getRemoteAddr());
        } catch (RateLimitExceededException throttled) {
            answer = throttled;
        }
        refuse(request, response, answer);
    }
}
