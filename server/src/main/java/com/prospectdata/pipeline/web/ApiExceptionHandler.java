package com.prospectdata.pipeline.web;

import com.prospectdata.core.errors.ErrorCode;
import com.prospectdata.core.errors.ApiException;
import com.prospectdata.data.database.DatabaseFailures;
import com.prospectdata.data.database.DatabaseReachability;
import com.prospectdata.data.database.OutageLog;
import com.prospectdata.generated.model.ErrorResponse;
import com.prospectdata.generated.model.RateLimitErrorResponse;
import com.prospectdata.core.errors.RateLimitExceededException;
import com.prospectdata.core.errors.ServiceUnavailableException;
import com.prospectdata.core.errors.StreamAbortedException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingPathVariableException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.ServletRequestBindingException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one place where failures become the contract's error body. Filters hand their failures
 * here too (through Spring's HandlerExceptionResolver), and so does the servlet container's
 * error page (see {@link ErrorPageController}).
 */
@RestControllerAdvice
class ApiExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final RouteHints routeHints;
    /** During an outage every request fails alike: one line per kind and minute, not one per request. */
    private final OutageLog outages;
    private final DatabaseReachability reachability;

    ApiExceptionHandler(RouteHints routeHints, DatabaseReachability reachability, Clock clock) {
        this.routeHints = routeHints;
        this.reachability = reachability;
        this.outages = new OutageLog(log, Duration.ofMinutes(1), clock);
    }

    @ExceptionHandler(ApiException.class)
    ResponseEntity<ErrorResponse> apiException(ApiException e) {
        return error(e.code(), e.getMessage());
    }

    @ExceptionHandler(RateLimitExceededException.class)
    ResponseEntity<RateLimitErrorResponse> rateLimitExceeded(RateLimitExceededException e) {
        HttpHeaders headers = retryAfter(e.retryAfterSeconds());
        headers.setCacheControl(CacheControl.noStore());
        return ResponseEntity.status(e.code().status())
                .headers(headers)
                .body(new RateLimitErrorResponse(e.code().name(), e.getMessage(), Math.toIntExact(e.retryAfterSeconds())));
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ErrorResponse> missingParameter(MissingServletRequestParameterException e) {
        return error(ErrorCode.VALIDATION_ERROR, e.getParameterName() + " is required");
    }

    /** Operations' parameters are read by com.prospectdata.pipeline.parameters; this is any other binding's failure. */
    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ErrorResponse> typeMismatch(MethodArgumentTypeMismatchException e) {
        return error(ErrorCode.VALIDATION_ERROR, e.getName() + " is invalid");
    }

    @ExceptionHandler(InvalidParameterException.class)
    ResponseEntity<ErrorResponse> undecodableQuery(InvalidParameterException e) {
        return error(ErrorCode.VALIDATION_ERROR,
                "The query string is malformed: every parameter must be percent-encoded UTF-8");
    }

    @ExceptionHandler({MissingPathVariableException.class, ServletRequestBindingException.class})
    ResponseEntity<ErrorResponse> badRequest(ServletRequestBindingException e) {
        return error(ErrorCode.VALIDATION_ERROR, ApiException.MALFORMED);
    }

    @ExceptionHandler({NoHandlerFoundException.class, NoResourceFoundException.class})
    ResponseEntity<ErrorResponse> noRoute(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return error(ErrorCode.NOT_FOUND, routeHints.hintFor(path)
                .map(hint -> "No such endpoint: " + hint + ". See the API reference at /docs for the available paths.")
                .orElse(ApiException.NO_ROUTE));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ErrorResponse> methodNotAllowed(HttpRequestMethodNotSupportedException e) {
        return methodNotAllowed(e.getMethod(), e.getSupportedHttpMethods());
    }

    private static ResponseEntity<ErrorResponse> methodNotAllowed(String method, @Nullable Collection<HttpMethod> supported) {
        Set<HttpMethod> allowed = new LinkedHashSet<>();
        if (supported != null) {
            allowed.addAll(supported);
        }
        // Every GET route answers HEAD too; say so whichever method was refused.
        if (allowed.contains(HttpMethod.GET)) {
            allowed.add(HttpMethod.HEAD);
        }
        HttpHeaders headers = new HttpHeaders();
        headers.setAllow(allowed);
        return error(ErrorCode.METHOD_NOT_ALLOWED,
                "Method " + method + " is not allowed here; allowed: "
                        + allowed.stream().map(HttpMethod::name).collect(Collectors.joining(", ")),
                headers);
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ResponseEntity<ErrorResponse> notAcceptable(HttpMediaTypeNotAcceptableException e) {
        return error(ErrorCode.VALIDATION_ERROR, "This API answers application/json only");
    }

    @ExceptionHandler(ServiceUnavailableException.class)
    ResponseEntity<ErrorResponse> unavailable(ServiceUnavailableException e) {
        return error(e.code(), e.getMessage(), retryAfter(e.retryAfterSeconds()));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<ErrorResponse> unexpected(Exception failure, HttpServletResponse response) throws Exception {
        Exception e = failure;
        if (e instanceof StreamAbortedException aborted) {
            if (response.isCommitted() && !ClientAbort.isOne(aborted)) {
                // The headers are gone: an error body would be read as more of the answer. The
                // container cuts the exchange instead (web/RequestIdFilter hands it the cut). One
                // line, no stack trace: mid-stream failures are mostly the database going away, as
                // likely for every running export at once.
                log.warn("A streamed answer failed after its headers were sent; cutting the exchange: {}",
                        innermost(aborted));
                throw aborted;
            }
            // Nothing sent yet (or nobody left to tell): answered as what failed.
            e = aborted.getCause() instanceof Exception cause ? cause : aborted;
        }
        if (ClientAbort.isOne(e)) {
            // No one to answer; the request-id step logs it as the client's doing (web/ClientAbort).
            throw e;
        }
        if (DatabaseFailures.isUnreachable(e)) {
            reachability.reportFailure(e);
            outages.warn("Database unreachable, answering 503", e);
            return error(ErrorCode.SERVICE_UNAVAILABLE, ApiException.UNAVAILABLE, retryAfter(DATABASE_RETRY_AFTER_SECONDS));
        }
        if (DatabaseFailures.isStatementTimeout(e)) {
            outages.warn("A statement ran past app.load.statement-timeout, answering 503", e);
            return unavailable(ServiceUnavailableException.busy());
        }
        log.error("Unexpected failure", e);
        return error(ErrorCode.INTERNAL_ERROR,
                ApiException.UNEXPECTED);
    }

    /** The root cause, as its class and message. */
    private static String innermost(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getClass().getName() + ": " + cause.getMessage();
    }

    /**
     * The answer to a request the servlet container refused before any of this application ran,
     * from the status it chose and what the request shows, in the contract's words:
     * ContainerErrorReportValve writes it, and ErrorPageController when the container forwards
     * the refusal to the error page. Tomcat's statuses outside the contract become the
     * contract's: CONNECT (501) is a method like any other the API does not answer; a transfer
     * coding other than chunked (501, and RFC 9112, 6.3, asks 400 of a request whose last one is
     * not chunked) and an expectation other than 100-continue (417) make a request this server
     * does not read; so does a request line naming a major HTTP version other than 1 (505 in
     * Tomcat, which RFC 9110, 15.6.6, allows but never requires: the contract's 400 says the
     * same in the contract's statuses).
     */
    static ResponseEntity<ErrorResponse> containerError(int status, HttpServletRequest request) {
        String method = request.getMethod();
        return switch (status) {
            case 405 -> methodNotAllowed(method, GET_AND_HEAD);
            case 501 -> "CONNECT".equals(method) ? methodNotAllowed(method, GET_AND_HEAD)
                    : error(ErrorCode.VALIDATION_ERROR, UNREAD_TRANSFER_CODING);
            case 417 -> error(ErrorCode.VALIDATION_ERROR, UNMET_EXPECTATION);
            case 505 -> unsupportedVersion(request.getProtocol());
            default -> {
                ApiException error = ApiException.forContainerStatus(status);
                yield error(error.code(), error.getMessage());
            }
        };
    }

    private static ResponseEntity<ErrorResponse> unsupportedVersion(String protocol) {
        if (RequestLineVersion.of(protocol).isEmpty()) {
            return error(ErrorCode.VALIDATION_ERROR, MALFORMED_VERSION);
        }
        return error(ErrorCode.VALIDATION_ERROR, "This server reads HTTP/1.1 and HTTP/1.0 request lines, and HTTP/2"
                + " when the TLS handshake negotiates it (ALPN h2); the request line names " + protocol);
    }

    /**
     * The whole answer, status line to body, of the TLS port to a client that speaks plain HTTP
     * to it: the contract's 403 HTTPS_REQUIRED, as on the plain-HTTP listener. Tomcat writes these
     * bytes itself during the TLS handshake, before it has read a request, and then closes the
     * connection (TomcatConfiguration), so they are the same for every such client: they carry no
     * X-Request-Id (no request was read, and nothing is logged under one), and no HSTS, which
     * browsers ignore over plain HTTP.
     */
    static byte[] plainHttpOnTheTlsPort() {
        ApiException refusal = ApiException.httpsRequired();
        byte[] body = json(new ErrorResponse(refusal.code().name(), refusal.getMessage())).getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + refusal.code().status().value() + " \r\n"
                + "Content-Type: application/json\r\n"
                + "Content-Length: " + body.length + "\r\n"
                + "Cache-Control: no-store\r\n"
                + "X-Content-Type-Options: nosniff\r\n"
                + "Connection: close\r\n"
                + "\r\n";
        ByteBuffer answer = ByteBuffer.allocate(head.length() + body.length);
        answer.put(head.getBytes(StandardCharsets.US_ASCII)).put(body);
        return answer.array();
    }

    /** An error body as the wire carries it. */
    static String json(ErrorResponse body) {
        return JSON.writeValueAsString(body);
    }

    private static final List<HttpMethod> GET_AND_HEAD = List.of(HttpMethod.GET, HttpMethod.HEAD);
    private static final String UNREAD_TRANSFER_CODING = "The request's Transfer-Encoding is not one this server"
            + " reads: a request body, if any, is sent with Content-Length or as Transfer-Encoding: chunked";
    private static final String UNMET_EXPECTATION = "The request's Expect header asks for what this server does not"
            + " do: the one expectation it meets is 100-continue";
    private static final String MALFORMED_VERSION = "The request line's HTTP version is malformed: it is HTTP/, a"
            + " digit, a dot and a digit, such as HTTP/1.1";

    /** Every 503 says when to come back (docs/api-rules.md §2): an outage takes seconds to mend. */
    private static final long DATABASE_RETRY_AFTER_SECONDS = 5;

    private static HttpHeaders retryAfter(long seconds) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        return headers;
    }

    private static ResponseEntity<ErrorResponse> error(ErrorCode code, String message) {
        return error(code, message, new HttpHeaders());
    }

    private static ResponseEntity<ErrorResponse> error(ErrorCode code, String message, HttpHeaders headers) {
        if (code == ErrorCode.UNAUTHORIZED) {
            headers.set(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
        }
        headers.setCacheControl(CacheControl.noStore());
        return ResponseEntity.status(code.status())
                .headers(headers)
                .body(new ErrorResponse(code.name(), message));
    }
}
