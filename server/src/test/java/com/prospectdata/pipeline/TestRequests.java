package com.prospectdata.pipeline;

import org.springframework.mock.web.MockHttpServletRequest;

/** A request's context as the front door makes one, for tests that call what takes a context. */
public final class TestRequests {

    private TestRequests() {
    }

    /** A fresh request's context: nothing read yet, no caller, no deadline. */
    public static RequestContext context() {
        return RequestContext.attach(new MockHttpServletRequest(), null);
    }

    /** A fresh request's context with {@code caller} accepted, as after the authentication step. */
    public static RequestContext context(AuthenticatedKey caller) {
        RequestContext context = context();
        context.acceptCaller(caller);
        return context;
    }
}
