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
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.tomcat.util.http.InvalidParameterException;
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
        Set<HttpMethod> allowed = new LinkedHashSet<>();
        if (e.getSupportedHttpMethods() != null) {
            allowed.addAll(e.getSupportedHttpMethods());
        }
        // Every GET route answers HEAD too; say so whichever method was refused.
        if (allowed.contains(HttpMethod.GET)) {
            allowed.add(HttpMethod.HEAD);
        }
        HttpHeaders headers = new HttpHeaders();
        headers.setAllow(allowed);
        return error(ErrorCode.METHOD_NOT_ALLOWED,
                "Method " + e.getMethod() + " is not allowed here; allowed: "
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
    ResponseEntity<ErrorResponse> unexpected(Exception e) {
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

    /**
     * The body for an error Tomcat raised before any of this application ran (see
     * ContainerErrorReportValve): the same shape, with what can be said without a request.
     */
    static String containerErrorBody(int status) {
        ApiException error = ApiException.forContainerStatus(status);
        return JSON.writeValueAsString(new ErrorResponse(error.code().name(), error.getMessage()));
    }

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
