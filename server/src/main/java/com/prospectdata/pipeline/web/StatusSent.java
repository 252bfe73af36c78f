package com.prospectdata.pipeline.web;

import com.prospectdata.pipeline.streaming.StreamedAnswer;
import jakarta.servlet.ServletRequest;

/**
 * The status a request's answer is logged and counted with (the access line, the request
 * metrics), which is not always the status its headers carried: a failure that escaped to the
 * container was answered 500 by it, or cut; a client that went away got nothing
 * ({@value ClientAbort#STATUS}); and a stream whose headers said 200 but whose exchange ended
 * before its writer had written it whole was cut by its client.
 */
final class StatusSent {

    /** Set on a request whose failure escaped to the container (web/RequestIdFilter). */
    private static final String FAILED = StatusSent.class.getName() + ".failed";
    private static final int FAILED_STATUS = 500;

    private StatusSent() {
    }

    static void failed(ServletRequest request) {
        request.setAttribute(FAILED, Boolean.TRUE);
    }

    static int of(ServletRequest request, int headersStatus) {
        if (ClientAbort.happenedTo(request)) {
            return ClientAbort.STATUS;
        }
        if (request.getAttribute(FAILED) != null) {
            return FAILED_STATUS;
        }
        if (headersStatus < 300 && StreamedAnswer.notWhole(request)) {
            return ClientAbort.STATUS;
        }
        return headersStatus;
    }
}
