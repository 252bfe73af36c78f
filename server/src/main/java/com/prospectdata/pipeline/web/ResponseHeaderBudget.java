package com.prospectdata.pipeline.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.tomcat.autoconfigure.TomcatServerProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.HandlerExceptionResolver;

/**
 * The servlet container sends a response's headers from a buffer of fixed size
 * ({@code server.tomcat.max-http-response-header-size}). A response whose headers outgrow it
 * cannot be sent at all: the container would answer a bodiless 500 after the application had
 * logged the status it meant. Checked while the finished response is still held back, such a
 * response is replaced by the contract's 500, complete, with its request id, and logged.
 * The API's own headers are bounded well below the limit (page links are rebuilt from the
 * document's parameters, host names are at most 253 characters): this is the guard for
 * whatever breaks that.
 */
@Component
@ConditionalOnWebApplication
class ResponseHeaderBudget {

    /** Room for what the container adds after this check: status line, ETag, Content-Length, Date, Connection. */
    static final int RESERVED_BYTES = 512;

    private final int budget;
    private final HandlerExceptionResolver errors;

    ResponseHeaderBudget(TomcatServerProperties container,
                         @Qualifier("handlerExceptionResolver") HandlerExceptionResolver errors) {
        this.budget = (int) container.getMaxHttpResponseHeaderSize().toBytes() - RESERVED_BYTES;
        this.errors = errors;
    }

    /** Replaces the buffered response by a 500 when its headers would not fit the container's buffer. */
    void enforce(HttpServletRequest request, HttpServletResponse buffered) {
        int size = headerBytes(buffered);
        if (size <= budget) {
            return;
        }
        String requestId = buffered.getHeader(RequestIdFilter.HEADER);
        int refusedStatus = buffered.getStatus();
        buffered.reset();
        buffered.setHeader(RequestIdFilter.HEADER, requestId);
        SecurityHeadersFilter.writeTo(request, buffered);
        errors.resolveException(request, buffered, null, new IllegalStateException("The headers of a " + refusedStatus
                + " response take " + size + " bytes, more than the " + budget + " the container can send"));
    }

    private static int headerBytes(HttpServletResponse response) {
        int bytes = 0;
        for (String name : response.getHeaderNames()) {
            for (String value : response.getHeaders(name)) {
                // "Name: value\r\n", one byte per character as the container writes them.
                bytes += name.getBytes(StandardCharsets.ISO_8859_1).length + 2 + value.length() + 2;
            }
        }
        return bytes;
    }
}
