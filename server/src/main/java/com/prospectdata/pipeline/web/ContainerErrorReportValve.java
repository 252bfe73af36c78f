package com.prospectdata.pipeline.web;

import com.prospectdata.generated.model.ErrorResponse;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.http.ResponseEntity;

/**
 * Tomcat answers some requests itself, before Spring sees them (an encoded slash it cannot map, a
 * broken request line, CONNECT, a transfer coding or an expectation it does not know, a version
 * it does not speak). Its default page is HTML with a server banner and its own choice of
 * status; this valve writes the contract's status and JSON error body instead, from
 * {@link ApiExceptionHandler#containerError}.
 *
 * <p>An answer that failed after its headers has had its exchange closed at once
 * ({@link CutAnswerValve}); the container would still close its response once the request is
 * over, and over HTTP/2 that close ends the stream with END_STREAM. Suspended, the close writes
 * nothing, and HTTP/2 resets the stream instead.
 */
public class ContainerErrorReportValve extends ErrorReportValve {

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        super.invoke(request, response);
        if (response.isCommitted() && response.isError() && !ioAllowed(response)) {
            response.setSuspended(true);
        }
    }

    private static boolean ioAllowed(Response response) {
        AtomicBoolean allowed = new AtomicBoolean(true);
        response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, allowed);
        return allowed.get();
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.isCommitted() || response.getContentWritten() > 0) {
            return;
        }
        try {
            ResponseEntity<ErrorResponse> answer = ApiExceptionHandler.containerError(status, request);
            response.resetBuffer();
            response.setStatus(answer.getStatusCode().value());
            answer.getHeaders().forEach((name, values) -> response.setHeader(name, String.join(", ", values)));
            response.setContentType("application/json");
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            SecurityHeadersFilter.writeTo(request, response);
            // Spring's filters never ran: the id is given here, by the same rule.
            response.setHeader(RequestIdFilter.HEADER, RequestIdFilter.requestIdFor(request.getHeader(RequestIdFilter.HEADER)));
            Writer writer = response.getReporter();
            if (writer != null && answer.getBody() != null) {
                writer.write(ApiExceptionHandler.json(answer.getBody()));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // The client is gone or the response was taken over; nothing more to tell it.
        }
    }
}
