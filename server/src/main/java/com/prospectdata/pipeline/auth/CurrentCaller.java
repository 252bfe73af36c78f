package com.prospectdata.pipeline.auth;

import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * The caller of the request being handled, for delegates and interceptors: injected where it is
 * needed, so that what a class depends on shows in its constructor. Present on every
 * {@code /api/v1} handler, behind the authentication step.
 */
@Component
public class CurrentCaller {

    public AuthenticatedKey get() {
        // The request from the thread Spring MVC bound it to: a thread-local read. Resolving the
        // request through the bean factory instead was a visible share of a company lookup's CPU
        // (bench/notes/performance.md, "A profile of company by id").
        if (!(RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes attributes)) {
            throw new IllegalStateException("No request on this thread");
        }
        return AuthenticatedKey.of(attributes.getRequest())
                .orElseThrow(() -> new IllegalStateException("No authenticated caller on this request"));
    }
}
