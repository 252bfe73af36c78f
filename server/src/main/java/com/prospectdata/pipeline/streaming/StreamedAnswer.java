package com.prospectdata.pipeline.streaming;

import com.prospectdata.core.errors.StreamAbortedException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.GZIPOutputStream;
import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.context.request.async.CallableProcessingInterceptor;
import org.springframework.web.context.request.async.WebAsyncUtils;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * A 200 whose body is written as it is produced, for as long as its client reads: the handler
 * returns {@link #ok}, and Spring MVC runs its {@link Writer} on a thread of its own once the
 * handler has returned (an asynchronous request, which has no time limit: pipeline/web's
 * WebConfiguration). What the writer reads is read on that thread, so a transaction it opens
 * lasts exactly as long as the stream.
 *
 * <p>The writer sets the answer's headers ({@link #header}) before its body; nothing is sent
 * until the body begins ({@link #body}, {@link #flush}), when the status and every header go at
 * once, with the body gzip-compressed when the request accepts gzip (always worth it for a body
 * this size, whatever {@code app.compression.*} says of ordinary answers). Each {@link #flush}
 * sends what was written so far, compressed data included. A failure before the body begins is
 * answered like any request's (its error body and status, since nothing was sent); one after it
 * cuts the exchange ({@link StreamAbortedException}), so that the client never takes a cut answer
 * for a whole one. A HEAD gets the headers alone: {@link #wantsBody()} is false, and they are sent
 * when the writer returns.
 */
public final class StreamedAnswer {

    private static final int BUFFER_BYTES = 64 * 1024;
    /** On the request of a streamed answer: FALSE until its writer has handed over its last byte, then TRUE. */
    private static final String WHOLE = StreamedAnswer.class.getName() + ".whole";

    /** Writes a streamed answer, its headers first and then its body, on the stream's own thread. */
    @FunctionalInterface
    public interface Writer {
        void write(StreamedAnswer answer) throws IOException;
    }

    private final HttpServletResponse response;
    private final OutputStream sink;
    private final String contentType;
    private final boolean wantsBody;
    private final boolean gzip;
    private final Map<String, String> headers = new LinkedHashMap<>();
    /** Null until the body begins. */
    private @Nullable OutputStream body;

    private StreamedAnswer(HttpServletResponse response, OutputStream sink, String contentType, boolean wantsBody,
                           boolean gzip) {
        this.response = response;
        this.sink = sink;
        this.contentType = contentType;
        this.wantsBody = wantsBody;
        this.gzip = gzip;
    }

    /**
     * The handler's answer: a 200 of {@code contentType} that {@code writer} writes once the
     * handler has returned. {@code ended} runs once when the stream is over, whole or failed,
     * before the client can see its end (so what it frees is free for the client's next
     * request), or when the exchange ended without the stream ever starting.
     */
    public static ResponseEntity<StreamingResponseBody> ok(ServletRequestAttributes exchange, String contentType,
                                                          Runnable ended, Writer writer) {
        HttpServletRequest request = exchange.getRequest();
        HttpServletResponse response = Objects.requireNonNull(exchange.getResponse(), "the exchange's response");
        boolean gzip = AcceptEncoding.allowsGzip(request.getHeaders(HttpHeaders.ACCEPT_ENCODING));
        boolean wantsBody = !HttpMethod.HEAD.matches(request.getMethod());
        request.setAttribute(WHOLE, Boolean.FALSE);
        @Nullable Map<String, String> logContext = MDC.getCopyOfContextMap();
        // Whoever claims the stream first ends it: the writer, or the exchange's end when the
        // writer never started (its task refused, or the client gone before it ran).
        AtomicBoolean claimed = new AtomicBoolean();
        WebAsyncUtils.getAsyncManager(request).registerCallableInterceptor(StreamedAnswer.class.getName(),
                new CallableProcessingInterceptor() {
                    @Override
                    public <T> void afterCompletion(NativeWebRequest completed, Callable<T> task) {
                        if (claimed.compareAndSet(false, true)) {
                            ended.run();
                        }
                    }
                });
        StreamingResponseBody body = sink -> {
            if (!claimed.compareAndSet(false, true)) {
                return;
            }
            @Nullable Map<String, String> threadsOwn = MDC.getCopyOfContextMap();
            // The request's id and trace on every line the stream logs.
            setLogContext(logContext);
            StreamedAnswer answer = new StreamedAnswer(response, sink, contentType, wantsBody, gzip);
            try {
                writer.write(answer);
                answer.finish();
                request.setAttribute(WHOLE, Boolean.TRUE);
            } catch (IOException | RuntimeException failure) {
                if (answer.body == null) {
                    throw failure;
                }
                throw new StreamAbortedException(failure);
            } finally {
                ended.run();
                setLogContext(threadsOwn);
            }
        };
        return ResponseEntity.ok().body(body);
    }

    /**
     * Whether the request's answer is a stream its writer has not written whole: read when its
     * exchange completes, that means the stream was cut (its client gone, its writer failed),
     * whatever status its headers carried.
     */
    public static boolean notWhole(ServletRequest request) {
        return Boolean.FALSE.equals(request.getAttribute(WHOLE));
    }

    private static void setLogContext(@Nullable Map<String, String> context) {
        if (context == null) {
            MDC.clear();
        } else {
            MDC.setContextMap(context);
        }
    }

    /** A header of the answer, sent with the status when the body begins. */
    public StreamedAnswer header(String name, String value) {
        if (body != null) {
            throw new IllegalStateException("The body has begun: " + name + " can no longer be sent");
        }
        headers.put(name, value);
        return this;
    }

    public boolean wantsBody() {
        return wantsBody;
    }

    /** Where the body goes, compressed on its way when the client accepts gzip; the headers are sent now. */
    public OutputStream body() throws IOException {
        begin();
        return Objects.requireNonNull(body);
    }

    /** Sends what was written so far: the status and headers with the first bytes. */
    public void flush() throws IOException {
        body().flush();
        // Spring MVC hands a stream whose flush does nothing: only the response's sends.
        response.flushBuffer();
    }

    public boolean compressed() {
        return gzip;
    }

    /**
     * The status and headers, then the body's first bytes (gzip's header): sent at once for a
     * GET, so that its client knows them before the first statement of the body runs. A HEAD's
     * are sent by the container when the writer has returned.
     */
    private void begin() throws IOException {
        if (body != null) {
            return;
        }
        response.setContentType(contentType);
        headers.forEach(response::setHeader);
        response.setHeader(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        if (gzip) {
            response.setHeader(HttpHeaders.CONTENT_ENCODING, "gzip");
        }
        body = wantsBody && gzip ? new GZIPOutputStream(sink, BUFFER_BYTES, true) : sink;
        if (wantsBody) {
            body.flush();
            response.flushBuffer();
        }
    }

    /** Ends the body: the gzip trailer, then the last bytes. */
    private void finish() throws IOException {
        begin();
        if (!wantsBody) {
            return;
        }
        if (body instanceof GZIPOutputStream compressing) {
            compressing.finish();
        }
        response.flushBuffer();
    }
}
