package com.prospectdata.pipeline.web;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

/**
 * Tomcat answers some malformed requests itself, before Spring sees them (an encoded slash it
 * cannot map, a broken request line). Its default page is HTML with a server banner; this valve
 * writes the contract's JSON error body instead, from {@link ApiExceptionHandler}'s words.
 */
public class ContainerErrorReportValve extends ErrorReportValve {

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.isCommitted() || response.getContentWritten() > 0) {
            return;
        }
        try {
            response.resetBuffer();
            response.setContentType("application/json");
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            response.setHeader("Cache-Control", "no-store");
            SecurityHeadersFilter.writeTo(request, response);
            // Spring's filters never ran: the id is given here, by the same rule.
            response.setHeader(RequestIdFilter.HEADER, RequestIdFilter.requestIdFor(request.getHeader(RequestIdFilter.HEADER)));
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(ApiExceptionHandler.containerErrorBody(status));
                response.finishResponse();
            }
        } catch (IOException | IllegalStateException e) {
            // The client is gone or the response was taken over; nothing more to tell it.
        }
    }
}
