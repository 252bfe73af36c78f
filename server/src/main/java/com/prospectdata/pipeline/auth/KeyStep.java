package com.prospectdata.pipeline.auth;

import com.prospectdata.pipeline.OperationFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.cors.CorsUtils;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * A step of the pipeline that works on the key: it runs for {@code /api/v1} routes only and
 * hands a refusal to the one error handler. Authentication puts the caller on the request; the
 * steps after it find it there.
 */
public abstract class KeyStep extends OncePerRequestFilter {

    private final HandlerExceptionResolver errors;

    protected KeyStep(HandlerExceptionResolver errors) {
        this.errors = errors;
    }

    /**
     * Every {@code /api/v1} route, known or not; a CORS preflight carries no credentials by
     * design and is answered from the CORS configuration (and refused when CORS is off).
     */
    public static boolean appliesTo(HttpServletRequest request) {
        return OperationFilter.isApiPath(request) && !CorsUtils.isPreFlightRequest(request);
    }

    @Override
    protected final boolean shouldNotFilter(HttpServletRequest request) {
        return !appliesTo(request);
    }

    /** The caller the authentication step accepted; the steps after it run only for accepted callers. */
    protected static AuthenticatedKey acceptedCaller(HttpServletRequest request) {
        return AuthenticatedKey.of(request).orElseThrow(() -> new IllegalStateException(
                "A key step ran before authentication or after it refused: see web/RequestPipeline"));
    }

    /** Answers the request with the failure, through the one error handler; the chain ends here. */
    protected void refuse(HttpServletRequest request, HttpServletResponse response, RuntimeException failure) {
        errors.resolveException(request, response, null, failure);
    }
}
