package com.prospectdata.pipeline;

import com.prospectdata.core.openapi.ApiOperation;
import jakarta.servlet.ServletRequest;
import java.util.Optional;

/**
 * What the pipeline knows of a request once its first {@code /api/v1} step has run: the
 * operation the path names, resolved once from the document, for every step and handler after
 * it. A request outside {@code /api/v1}, or one the first step has not seen, has an empty one.
 */
public final class RequestContext {

    private static final String REQUEST_ATTRIBUTE = RequestContext.class.getName();
    private static final RequestContext NONE = new RequestContext(Optional.empty());

    private final Optional<ApiOperation> operation;

    private RequestContext(Optional<ApiOperation> operation) {
        this.operation = operation;
    }

    /** The context the first step left on this request, or an empty one. */
    public static RequestContext of(ServletRequest request) {
        return request.getAttribute(REQUEST_ATTRIBUTE) instanceof RequestContext context ? context : NONE;
    }

    static RequestContext attach(ServletRequest request, Optional<ApiOperation> operation) {
        RequestContext context = new RequestContext(operation);
        request.setAttribute(REQUEST_ATTRIBUTE, context);
        return context;
    }

    /** The operation the request's path names; empty for a path the document does not declare. */
    public Optional<ApiOperation> operation() {
        return operation;
    }
}
