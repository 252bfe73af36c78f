package com.prospectdata.pipeline;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.web.cors.CorsUtils;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A step of the pipeline that runs for {@code /api/v1} requests only, after the front door
 * ({@link OperationFilter}). Like every step, it refuses a request by throwing the failure: the
 * request-id step, first of all, answers it through the one error handler, so no step writes an
 * error body or needs the handler itself.
 */
public abstract class ApiStep extends OncePerRequestFilter {

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
}
