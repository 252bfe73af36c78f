package com.prospectdata.pipeline;

import com.prospectdata.core.openapi.ApiOperation;
import jakarta.servlet.ServletRequest;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What the pipeline knows of a request once its first {@code /api/v1} step has run: the
 * operation the path names, resolved once from the document, for every step and handler after
 * it, and a refusal one step decided for a later step to answer (the key's, which the
 * failed-attempt throttle answers). A request outside {@code /api/v1}, or one the first step has
 * not seen, has an empty one.
 */
public final class RequestContext {

    private static final String REQUEST_ATTRIBUTE = RequestContext.class.getName();
    private static final RequestContext NONE = new RequestContext(Optional.empty());

    private final Optional<ApiOperation> operation;
    private @Nullable RuntimeException heldRefusal;

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

    /** Leaves a refusal for a later step to answer, in place of serving the request. */
    public void holdRefusal(RuntimeException refusal) {
        if (this == NONE) {
            throw new IllegalStateException("A refusal can only be held once the front door has run: see web/RequestPipeline");
        }
        this.heldRefusal = refusal;
    }

    /** The refusal an earlier step left, if any. */
    public Optional<RuntimeException> heldRefusal() {
        return Optional.ofNullable(heldRefusal);
    }
}
