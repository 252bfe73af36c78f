package com.prospectdata.pipeline.web;

import com.prospectdata.core.openapi.ApiOperation;
import com.prospectdata.core.openapi.GeneratedOperations;
import com.prospectdata.core.errors.StreamAbortedException;
import com.prospectdata.pipeline.AnswerEnd;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.streaming.ClientTooSlow;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.coyote.CloseNowException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.spi.LoggingEventBuilder;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
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

    /**
     * The MDC key of the request id: {@code [%X{http.request.id}]} in the text pattern, ECS's
     * {@code http.request.id} in JSON, where the MDC's keys become fields.
     */
    static final String REQUEST_ID_MDC = "http.request.id";

    private final HandlerExceptionResolver errors;
    private final boolean structured;

    public RequestIdFilter(@Qualifier("handlerExceptionResolver") HandlerExceptionResolver errors,
                           @Value("${logging.structured.format.console:}") String structuredFormat) {
        this.errors = errors;
        this.structured = !structuredFormat.isBlank();
    }

    static String requestIdFor(String callerValue) {
        if (callerValue != null && SANE_ID.matcher(callerValue).matches()) {
            return callerValue;
        }
        return UUID.randomUUID().toString();
    }

    /**
     * The access line (docs/OPERATIONS.md, "Logs"). As text, {@code name=value} pairs in the
     * message; as JSON ({@code logging.structured.format.console}), Elastic Common Schema fields,
     * numbers as numbers, ours under {@code labels}, and a short message. The request id is the
     * MDC's ({@link #REQUEST_ID_MDC}), once per line. Never the key, only its id.
     */
    private void logAccess(HttpServletRequest request, HttpServletResponse response, String requestId,
                           int status, long durationNanos) {
        // logging.level.access=OFF: none of the line's fields is worth reading, the query's least.
        if (!accessLog.isInfoEnabled()) {
            return;
        }
        RequestContext context = RequestContext.of(request);
        Optional<AuthenticatedKey> caller = context.caller();
        String keyId = caller.map(key -> key.keyId().toString()).orElse("-");
        String organization = caller.map(key -> key.organizationId().toString()).orElse("-");
        String operation = request.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE) instanceof HandlerMethod handler
                ? GeneratedOperations.operationId(handler.getMethod()).orElse("-")
                : context.answeredWithoutHandler() ? context.operation().map(ApiOperation::operationId).orElse("-") : "-";
        String bytes = response.getHeader(HttpHeaders.CONTENT_LENGTH);
        String userAgent = sanitized(request.getHeader(HttpHeaders.USER_AGENT));
        String query = AccessLogQuery.shortened(request.getQueryString());
        long durationMs = durationNanos / 1_000_000;
        // Null once an HTTP/2 client has closed its connection after taking its answer.
        String client = request.getRemoteAddr();
        if (!structured) {
            accessLog.atInfo()
                    .setMessage("request_id={} key_id={} organization={} operation={} method={} path={} query={} status={}"
                            + " duration_ms={} bytes={} client={} user_agent=\"{}\"")
                    .addArgument(requestId).addArgument(keyId).addArgument(organization).addArgument(operation)
                    .addArgument(request.getMethod()).addArgument(request.getRequestURI())
                    .addArgument(query == null ? "-" : query).addArgument(status).addArgument(durationMs)
                    .addArgument(bytes == null ? "-" : bytes).addArgument(client == null ? "-" : client)
                    .addArgument(userAgent == null ? "-" : userAgent.replace('"', '\''))
                    .log();
            return;
        }
        LoggingEventBuilder line = accessLog.atInfo()
                .setMessage("{} {} {} in {} ms")
                .addArgument(request.getMethod()).addArgument(request.getRequestURI()).addArgument(status).addArgument(durationMs)
                .addKeyValue("http.request.method", request.getMethod())
                .addKeyValue("url.path", request.getRequestURI())
                .addKeyValue("http.response.status_code", status)
                .addKeyValue("event.duration", durationNanos)
                .addKeyValue("labels.key_id", keyId)
                .addKeyValue("labels.organization", organization)
                .addKeyValue("labels.operation", operation);
        if (client != null) {
            line = line.addKeyValue("client.ip", client);
        }
        if (query != null) {
            line = line.addKeyValue("url.query", query);
        }
        if (bytes != null && !bytes.isEmpty() && bytes.chars().allMatch(Character::isDigit) && bytes.length() < 19) {
            line = line.addKeyValue("http.response.body.bytes", Long.parseLong(bytes));
        }
        if (userAgent != null) {
            line = line.addKeyValue("user_agent.original", userAgent);
        }
        line.log();
    }

    /** A header value as a log field: printable ASCII, at most 256 characters; null when there is none. */
    private static String sanitized(String value) {
        if (value == null) {
            return null;
        }
        String printable = AccessLogQuery.printable(value, 256);
        return printable.isEmpty() ? null : printable;
    }

    private static String innermostMessage(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }

    /** A stream's exchange comes back here once its writer is done (pipeline/streaming): see {@link #doFilterInternal}. */
    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    /**
     * The id, the chain, and the access line once the answer is over: when the chain returns, or
     * for a stream, which goes on on a thread of its own after its handler has returned, when the
     * exchange completes (pipeline/AnswerEnd). Its writer's end comes back through here as an
     * asynchronous dispatch, under the same id.
     */
    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (isAsyncDispatch(request)) {
            MDC.put(REQUEST_ID_MDC, response.getHeader(HEADER));
            try {
                passOn(request, response, chain);
            } finally {
                MDC.remove(REQUEST_ID_MDC);
            }
            return;
        }
        String requestId = requestIdFor(request.getHeader(HEADER));
        long started = System.nanoTime();
        response.setHeader(HEADER, requestId);
        MDC.put(REQUEST_ID_MDC, requestId);
        try {
            passOn(request, response, chain);
        } finally {
            if (request.isAsyncStarted()) {
                @Nullable Map<String, String> logContext = MDC.getCopyOfContextMap();
                AnswerEnd.then(request, () -> inLogContext(logContext, () -> logAccess(request, response, requestId,
                        StatusSent.of(request, response.getStatus()), System.nanoTime() - started)));
            } else {
                logAccess(request, response, requestId, StatusSent.of(request, response.getStatus()), System.nanoTime() - started);
            }
            MDC.remove(REQUEST_ID_MDC);
        }
    }

    /**
     * The chain; a failure that escapes it is answered by the one error handler, or, when there
     * is no one to answer or the answer has begun, noted for the access line and handed to the
     * container.
     */
    private void passOn(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        try {
            chain.doFilter(request, response);
        } catch (IOException | RuntimeException | ServletException failure) {
            if (ClientAbort.isOne(failure)) {
                // Nothing failed here, and there is nobody left to answer: no error page, no 500.
                ClientAbort.record(request);
                log.debug("The client went away before its answer was delivered: {}", innermostMessage(failure));
                return;
            }
            if (response.isCommitted() && streamAborted(failure)) {
                // A stream that failed after its headers, which the error handler has logged: the
                // container cuts the exchange (closes the connection, resets an HTTP/2 stream,
                // CutAnswerValve), on its own signal for that, which it does not log again.
                // A client too slow for the answer is cut as well, but the cut is its doing.
                if (causedBy(failure, ClientTooSlow.class)) {
                    ClientAbort.record(request);
                } else {
                    StatusSent.failed(request);
                }
                request.setAttribute(CutAnswerValve.CUT, failure);
                throw new CloseNowException("A streamed answer failed after its headers were sent", failure);
            }
            if (failure instanceof IOException || response.isCommitted()
                    || errors.resolveException(request, response, null, failure) == null) {
                // Every step refuses a request by throwing (pipeline/ApiStep), and a step can fail
                // (the database is down while a key is looked up, say): either is answered here by
                // the one error handler, not by the container, which would log a stack trace for
                // each such request before its error page got the same answer.
                StatusSent.failed(request);
                throw failure;
            }
        }
    }

    private static boolean streamAborted(Throwable failure) {
        return causedBy(failure, StreamAbortedException.class);
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> kind) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (kind.isInstance(cause)) {
                return true;
            }
        }
        return false;
    }

    /** Runs {@code action} with the log context the request had, on whichever thread ends its exchange. */
    private static void inLogContext(@Nullable Map<String, String> context, Runnable action) {
        @Nullable Map<String, String> threadsOwn = MDC.getCopyOfContextMap();
        if (context != null) {
            MDC.setContextMap(context);
        }
        try {
            action.run();
        } finally {
            if (threadsOwn == null) {
                MDC.clear();
            } else {
                MDC.setContextMap(threadsOwn);
            }
        }
    }
}
