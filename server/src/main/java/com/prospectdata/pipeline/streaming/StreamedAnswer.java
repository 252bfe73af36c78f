package com.prospectdata.pipeline.streaming;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.springframework.http.HttpHeaders;

/**
 * A 200 whose body is written as it is produced: the status and headers go first, then the body
 * through {@link #body()}, gzip-compressed when the request accepts gzip (always worth it for a
 * body this size, whatever {@code app.compression.*} says of ordinary answers). Each
 * {@link #flush()} sends what was written so far, compressed data included. A HEAD gets the
 * headers alone: {@link #wantsBody()} is false and the caller writes nothing.
 */
public final class StreamedAnswer {

    private static final int BUFFER_BYTES = 64 * 1024;

    private final HttpServletResponse response;
    private final boolean wantsBody;
    private final boolean gzip;
    private OutputStream body;

    private StreamedAnswer(HttpServletResponse response, boolean wantsBody, boolean gzip) {
        this.response = response;
        this.wantsBody = wantsBody;
        this.gzip = gzip;
    }

    /** Starts the answer: status 200, {@code contentType} and {@code headers}, sent at the first flush. */
    public static StreamedAnswer start(HttpServletRequest request, HttpServletResponse response, String contentType,
                                       Map<String, String> headers) throws IOException {
        boolean gzip = AcceptEncoding.allowsGzip(request.getHeaders(HttpHeaders.ACCEPT_ENCODING));
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(contentType);
        headers.forEach(response::setHeader);
        response.setHeader(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        if (gzip) {
            response.setHeader(HttpHeaders.CONTENT_ENCODING, "gzip");
        }
        StreamedAnswer answer = new StreamedAnswer(response, !"HEAD".equals(request.getMethod()), gzip);
        answer.body = answer.wantsBody && gzip
                ? new GZIPOutputStream(response.getOutputStream(), BUFFER_BYTES, true)
                : response.getOutputStream();
        return answer;
    }

    public boolean wantsBody() {
        return wantsBody;
    }

    /** Where the body goes; compressed on its way when the client accepts gzip. */
    public OutputStream body() {
        return body;
    }

    /** Sends what was written so far: the headers with the first bytes. */
    public void flush() throws IOException {
        body.flush();
    }

    /** Ends the body: the gzip trailer, then the last bytes. */
    public void finish() throws IOException {
        if (wantsBody && gzip) {
            ((GZIPOutputStream) body).finish();
        }
        response.flushBuffer();
    }

    public boolean compressed() {
        return gzip;
    }
}
