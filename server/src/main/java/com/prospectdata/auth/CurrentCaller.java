package com.prospectdata.auth;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The caller of the request being handled, for delegates and interceptors: injected where it is
 * needed, so that what a class depends on shows in its constructor. Present on every
 * {@code /api/v1} handler, behind the authentication step.
 */
@Component
public class CurrentCaller {

    // Spring's proxy to the current request; absent in the operator commands' contexts, which
    // have no requests and never ask.
    private final ObjectProvider<HttpServletRequest> request;

    public CurrentCaller(ObjectProvider<HttpServletRequest> request) {
        this.request = request;
    }

    public AuthenticatedKey get() {
        return AuthenticatedKey.of(request.getObject())
                .orElseThrow(() -> new IllegalStateException("No authenticated caller on this request"));
    }
}
