package com.prospectdata.pipeline.web;

import jakarta.servlet.ServletException;
import java.io.IOException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;

/**
 * Cuts the exchange of an answer that failed after its headers ({@link RequestIdFilter} marks
 * it), before Tomcat's own error handling sees it. Left to Tomcat, the host would include its
 * error page into the committed answer and then close the response: over HTTP/1.1 that close
 * writes no last chunk, but over HTTP/2 it ends the stream with END_STREAM, and the client takes
 * a cut answer for a whole one. Closed at once here, no error page is tried, and
 * {@link ContainerErrorReportValve} keeps the response from being closed afterwards: HTTP/1.1
 * closes the connection without the last chunk, HTTP/2 resets the stream (RST_STREAM).
 */
final class CutAnswerValve extends ValveBase {

    /** Set on a request whose answer failed after its headers: its exchange is to be cut. */
    static final String CUT = CutAnswerValve.class.getName() + ".cut";

    CutAnswerValve() {
        super(true);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        getNext().invoke(request, response);
        if (request.getAttribute(CUT) instanceof Throwable failure && response.isCommitted()) {
            response.getCoyoteResponse().action(ActionCode.CLOSE_NOW, failure);
        }
    }
}
