package com.prospectdata.pipeline.web;

import com.prospectdata.generated.model.ErrorResponse;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.ResponseEntity;

/**
 * Tomcat answers some requests itself, before Spring sees them (an encoded slash it cannot map, a
 * broken request line, CONNECT, a transfer coding or an expectation it does not know, a version
 * it does not speak). Its default page is HTML with a server banner and its own choice of
 * status; this valve writes the contract's status and JSON error body instead, from
 * {@link ApiExceptionHandler#containerError}.
 */
public class ContainerErrorReportValve extends ErrorReportValve {

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
