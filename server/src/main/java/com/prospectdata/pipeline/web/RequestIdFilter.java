package com.prospectdata.pipeline.web;

import com.prospectdata.core.openapi.ApiOperation;
import com.prospectdata.core.openapi.GeneratedOperations;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.RequestContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Gives every request an id (the caller's, when it is a sane token) that the response, the
 * logs and support share, and writes the one access-log line per request.
 */
@Component
@ConditionalOnWebApplication
class RequestIdFilter extends OncePerRequestFilter {

    public static final String HEADER = "X-Request-Id";

    private static final Pattern SANE_ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");
    private static final Logger accessLog = LoggerFactory.getLogger("access");
    private static final Logger log = LoggerFactory.getLogger(RequestIdFilter.class);

    private final HandlerExceptionResolver errors;

    public RequestIdFilter(@Qualifier("handlerExceptionResolver") HandlerExceptionResolver errors) {
        this.errors = errors;
    }

    static String requestIdFor(String callerValue) {
        if (callerValue != null && SANE_ID.matcher(callerValue).matches()) {
            return callerValue;
        }
        return UUID.randomUUID().toString();
    }

    /**
     * The access line: as text, {@code name=value} pairs in the message; as JSON
     * ({@code logging.structured.format.console}), the same as fields of their own
     * (docs/OPERATIONS.md, "Logs"). Never the key, only its id.
     */
    private static void logAccess(HttpServletRequest request, HttpServletResponse response, String requestId,
                                  int status, long durationMs) {
        RequestContext context = RequestContext.of(request);
        Optional<AuthenticatedKey> caller = context.caller();
        String keyId = caller.map(key -> key.keyId().toString()).orElse("-");
        String organization = caller.map(key -> key.organizationId().toString()).orElse("-");
        String operation = request.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE) instanceof HandlerMethod handler
                ? GeneratedOperations.operationId(handler.getMethod()).orElse("-")
                : context.answeredWithoutHandler() ? context.operation().map(ApiOperation::operationId).orElse("-") : "-";
        String bytes = Objects.requireNonNullElse(response.getHeader(HttpHeaders.CONTENT_LENGTH), "-");
        String userAgent = sanitized(request.getHeader(HttpHeaders.USER_AGENT));
        accessLog.atInfo()
                .setMessage("request_id={} key_id={} organization={} operation={} method={} path={} status={} duration_ms={} bytes={} client={}")
                .addArgument(requestId).addArgument(keyId).addArgument(organization).addArgument(operation)
                .addArgument(request.getMethod()).addArgument(request.getRequestURI()).addArgument(status)
                .addArgument(durationMs).addArgument(bytes).addArgument(request.getRemoteAddr())
                .addKeyValue("request_id", requestId)
                .addKeyValue("key_id", keyId)
                .addKeyValue("organization", organization)
                .addKeyValue("operation", operation)
                .addKeyValue("method", request.getMethod())
                .addKeyValue("path", request.getRequestURI())
                .addKeyValue("status", status)
                .addKeyValue("duration_ms", durationMs)
                .addKeyValue("bytes", bytes)
                .addKeyValue("client", request.getRemoteAddr())
                .addKeyValue("user_agent", userAgent)
                .log();
    }

    /** A header value as a log field: printable ASCII, at most 256 characters. */
    private static String sanitized(String value) {
        if (value == null) {
            return "-";
        }
        String printable = value.codePoints().limit(256)
                .map(c -> c >= 0x20 && c < 0x7f ? c : '?')
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        return printable.isEmpty() ? "-" : printable;
    }

    private static String innermostMessage(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
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
        } catch (IOException | RuntimeException | ServletException failure) {
            if (ClientAbort.isOne(failure)) {
                // Nothing failed here, and there is nobody left to answer: no error page, no 500.
                ClientAbort.record(request);
                log.debug("The client went away before its answer was delivered: {}", innermostMessage(failure));
            } else if (failure instanceof IOException || response.isCommitted()
                    || errors.resolveException(request, response, null, failure) == null) {
                // Every step refuses a request by throwing (pipeline/ApiStep), and a step can fail
                // (the database is down while a key is looked up, say): either is answered here by
                // the one error handler, not by the container, which would log a stack trace for
                // each such request before its error page got the same answer.
                throw failure;
            }
            completed = true;
        } finally {
            // A failure that escaped the chain is answered 500 by the container, whatever status
            // the response held when it happened: the log says what the client got.
            int status = ClientAbort.happenedTo(request) ? ClientAbort.STATUS
                    : completed ? response.getStatus() : HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
            logAccess(request, response, requestId, status, (System.nanoTime() - started) / 1_000_000);
            MDC.remove("requestId");
        }
    }
}
