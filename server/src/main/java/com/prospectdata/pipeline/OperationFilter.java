package com.prospectdata.pipeline;

import com.prospectdata.core.openapi.ApiOperation;
import com.prospectdata.core.openapi.ApiOperations;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.filter.ServerHttpObservationFilter;

/**
 * The first {@code /api/v1} step, before the key is looked at: attaches the request's
 * {@link RequestContext}, which the later steps fill in, with the operation the path names, from
 * the document the jar carries, for every later step (scope, rate-limit cost, kind of work,
 * validators) and the handler. It refuses nothing: a path that names no operation goes on with
 * an empty operation and is answered 404 after the key's checks, as the document's order of
 * checks says.
 */
@Component
@ConditionalOnWebApplication
public class OperationFilter extends OncePerRequestFilter {

    private final ApiOperations operations;

    public OperationFilter(ApiOperations operations) {
        this.operations = operations;
    }

    /** Every path under {@code /api/v1}, known or not. */
    public static boolean isApiPath(HttpServletRequest request) {
        String path = pathOf(request);
        return path.equals(ApiOperations.PREFIX) || path.startsWith(ApiOperations.PREFIX + "/");
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !isApiPath(request);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Optional<ApiOperation> operation = operations.resolve(pathOf(request));
        RequestContext.attach(request, operation.orElse(null));
        // The route template of the request metrics (and of a trace's name) from here on, so that
        // an answer a later step gives before Spring MVC maps the handler (a 401, a 429, a 304
        // from the data version) carries it too, not UNKNOWN; the handler mapping sets the same.
        operation.ifPresent(known -> ServerHttpObservationFilter.findObservationContext(request)
                .ifPresent(observation -> observation.setPathPattern(known.pathTemplate())));
        chain.doFilter(request, response);
    }

    private static String pathOf(HttpServletRequest request) {
        return request.getRequestURI().substring(request.getContextPath().length());
    }
}
