package com.prospectdata.pipeline;

import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * The context of the request being handled, for the delegates: they implement generated
 * interfaces whose methods receive the operation's parameters and nothing else. The one place
 * that finds a request from the thread; everything a delegate calls is handed the context as a
 * parameter. Injected where it is needed, so that what a class depends on shows in its
 * constructor.
 */
@Component
public class CurrentRequest {

    public RequestContext context() {
        // The request Spring MVC bound to this thread, read directly: resolving it through the bean
        // factory cost a visible share of a company lookup's CPU (bench/notes/performance.md, "A
        // profile of company by id").
        if (!(RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes)) {
            throw new IllegalStateException("No request on this thread");
        }
        return RequestContext.of(attributes.getRequest());
    }

    /** The request and its response, for a delegate that streams its answer (pipeline/streaming). */
    public ServletRequestAttributes exchange() {
        if (!(RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes)
                || attributes.getResponse() == null) {
            throw new IllegalStateException("No request on this thread");
        }
        return attributes;
    }
}
