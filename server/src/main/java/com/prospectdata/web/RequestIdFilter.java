package com.prospectdata.web;

import com.prospectdata.auth.AuthenticatedKey;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives every request an id (the caller's, when it is a sane token) that the response, the
 * logs and support share, and writes the one access-log line per request.
 */
@Component
@ConditionalOnWebApplication
public class RequestIdFilter extends OncePerRequestFilter {

    public static final String HEADER = "X-Request-Id";

    private static final Pattern SANE_ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");
    private static final Logger accessLog = LoggerFactory.getLogger("access");

    static String requestIdFor(String callerValue) {
        if (callerValue != null && SANE_ID.matcher(callerValue).matches()) {
            return callerValue;
        }
        return UUID.randomUUID().toString();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String requestId = requestIdFor(request.getHeader(HEADER));
        long started = System.nanoTime();
        response.setHeader(HEADER, requestId);
        MDC.put("requestId", requestId);
        boolean completed = false;
        try {
            chain.doFilter(request, response);
            completed = true;
        } finally {
            long durationMs = (System.nanoTime() - started) / 1_000_000;
            Object keyId = AuthenticatedKey.of(request).map(AuthenticatedKey::keyId).orElse(null);
            // A failure that escaped the chain is answered 500 by the container, whatever status
            // the response held when it happened: the log says what the client got.
            int status = completed ? response.getStatus() : HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
            accessLog.info("request_id={} key_id={} method={} path={} status={} duration_ms={}",
                    requestId, keyId == null ? "-" : keyId, request.getMethod(), request.getRequestURI(),
                    status, durationMs);
            MDC.remove("requestId");
        }
    }
}
