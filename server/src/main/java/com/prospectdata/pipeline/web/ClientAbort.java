package com.prospectdata.pipeline.web;

import jakarta.servlet.ServletRequest;
import org.apache.coyote.CloseNowException;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * A client that went away, or stopped reading, before its answer was delivered: an HTTP/2 stream
 * it reset, a connection it closed, a stream the container reset because its window stayed shut.
 * Nothing failed on our side, so it is no 500: the access log says {@value #STATUS} (nginx's
 * "client closed request"), the request metrics count it under that status, and the log line that
 * says so is a DEBUG without a stack trace (docs/OPERATIONS.md, "Logs"). Kept on the request for
 * the metrics, which are taken after the pipeline has returned.
 */
final class ClientAbort {

    static final int STATUS = 499;
    private static final String ATTRIBUTE = ClientAbort.class.getName();

    private ClientAbort() {
    }

    /**
     * Whether the failure says the client is gone: Spring's list (Tomcat's ClientAbortException,
     * a broken pipe, a connection reset), or an HTTP/2 stream Tomcat will no longer write to
     * (CloseNowException: reset by the client, or by the container once its window stayed shut).
     */
    static boolean isOne(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof CloseNowException) {
                return true;
            }
        }
        return DisconnectedClientHelper.isClientDisconnectedException(failure);
    }

    static void record(ServletRequest request) {
        request.setAttribute(ATTRIBUTE, Boolean.TRUE);
    }

    static boolean happenedTo(ServletRequest request) {
        return request.getAttribute(ATTRIBUTE) != null;
    }
}
