package com.prospectdata.pipeline.streaming;

import com.prospectdata.core.errors.StreamAbortedException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
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
 * returns {@link #ok}, and Spring MVC runs it on a thread of its own once the handler has
 * returned (an asynchronous request, which has no time limit: pipeline/web's WebConfiguration).
 * There the answer's {@link Writer} runs on a thread of its own too, and writes into a
 * {@link Spool} at its own pace, while the stream's thread sends what it has written to the
 * client at the client's: a transaction the writer opens (an export's snapshot) lasts as long as
 * the reading takes, not as long as the client takes, unless the client falls more than
 * {@code app.streaming.spool-ahead} behind.
 *
 * <p>The writer sets the answer's headers ({@link #header}) before its body; nothing is sent
 * until the body begins ({@link #body}), when the status and every header go at once, with the
 * body gzip-compressed when the request accepts gzip (always worth it for a body this size,
 * whatever {@code app.compression.*} says of ordinary answers). Each {@link #flush} hands what
 * was written so far over to be sent, compressed data included. A failure before the body begins
 * is answered like any request's (its error body and status, since nothing was sent); one after
 * it cuts the exchange ({@link StreamAbortedException}), so that the client never takes a cut
 * answer for a whole one. A HEAD gets the headers alone: {@link #wantsBody()} is false, and they
 * are sent when the writer returns.
 */
public final class StreamedAnswer {

    private static final int BUFFER_BYTES = 64 * 1024;
    /** On the request of a streamed answer: FALSE until its writer has handed over its last byte, then TRUE. */
    private static final String WHOLE = StreamedAnswer.class.getName() + ".whole";

    /** Writes a streamed answer, its headers first and then its body, on a thread of its own. */
    @FunctionalInterface
    public interface Writer {
        void write(StreamedAnswer answer) throws IOException;
    }

    private final HttpServletResponse response;
    private final OutputStream sink;
    private final String contentType;
    private final boolean wantsBody;
    private final boolean gzip;
    private final StreamingProperties spooling;
    private final Map<String, String> headers = new LinkedHashMap<>();
    /** Completed by the writer when its body begins: its headers are all set. */
    private final CompletableFuture<Void> bodyBegun = new CompletableFuture<>();
    /** Made by the writer when its body begins, read by the stream's thread. */
    private volatile @Nullable Spool spool;
    /** Set by the stream's thread once it no longer sends: a writer that goes on is told so. */
    private volatile boolean abandoned;
    /** The writer's; null until the body begins. */
    private @Nullable OutputStream body;
    /** The stream's: whether the status and headers have gone to the client. */
    private boolean committed;

    private StreamedAnswer(HttpServletResponse response, OutputStream sink, String contentType, boolean wantsBody,
                           boolean gzip, StreamingProperties spooling) {
        this.response = response;
        this.sink = sink;
        this.contentType = contentType;
        this.wantsBody = wantsBody;
        this.gzip = gzip;
        this.spooling = spooling;
    }

    /**
     * The handler's answer: a 200 of {@code contentType} that {@code writer} writes once the
     * handler has returned, spooled as {@code spooling} says. {@code ended} runs once when the
     * stream is over, whole or failed, before the client can see its end (so what it frees is
     * free for the client's next request), or when the exchange ended without the stream ever
     * starting.
     */
    public static ResponseEntity<StreamingResponseBody> ok(ServletRequestAttributes exchange, String contentType,
                                                          StreamingProperties spooling, Runnable ended, Writer writer) {
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
            StreamedAnswer answer = new StreamedAnswer(response, sink, contentType, wantsBody, gzip, spooling);
            try {
                answer.run(writer, logContext);
                request.setAttribute(WHOLE, Boolean.TRUE);
            } catch (IOException | RuntimeException failure) {
                if (!answer.committed) {
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
     * Runs the writer on a thread of its own and sends what it writes: the headers once its body
     * begins (or once it has returned, for a HEAD or a failure before them), then the spool's
     * bytes as the client takes them. Returns once everything is sent, and the writer is done in
     * any case.
     */
    private void run(Writer writer, @Nullable Map<String, String> logContext) throws IOException {
        CompletableFuture<Void> written = new CompletableFuture<>();
        Thread writing = Thread.ofVirtual().name("streamed-answer-writer").start(() -> {
            setLogContext(logContext);
            try {
                writer.write(this);
                finishBody();
                written.complete(null);
            } catch (Throwable failure) {
                Spool spooled = spool;
                if (spooled != null) {
                    spooled.fail(failure);
                }
                written.completeExceptionally(failure);
            }
        });
        try {
            await(CompletableFuture.anyOf(bodyBegun, written));
            if (!bodyBegun.isDone()) {
                // The writer returned, or failed, before its body: nothing has been sent.
                rethrowFailureOf(written);
                begin();
                return;
            }
            begin();
            Spool spooled = Objects.requireNonNull(spool);
            try {
                spooled.drainTo(sink, response::flushBuffer,
                        new ReadingPace(spooling.minRate().toBytes(), spooling.rateWindow()));
            } catch (Spool.WriterFailed failed) {
                rethrowFailureOf(written);
                throw failed;
            } catch (IOException | RuntimeException clientGone) {
                spooled.cancel();
                throw clientGone;
            }
            rethrowFailureOf(written);
            response.flushBuffer();
        } finally {
            // A writer still writing (the stream failed, or was interrupted) fails at its next
            // write instead of waiting for a reader that is gone, its transaction with it.
            abandoned = true;
            Spool spooled = spool;
            if (spooled != null) {
                spooled.cancel();
            }
            joinQuietly(writing);
            spooled = spool;
            if (spooled != null) {
                spooled.close();
            }
        }
    }

    private static void await(CompletableFuture<?> future) throws IOException {
        try {
            future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the answer's writer");
        } catch (ExecutionException ignored) {
            // Looked at by the caller.
        }
    }

    /** The writer's failure as it was thrown, if it failed; waits for it to end. */
    private static void rethrowFailureOf(CompletableFuture<Void> written) throws IOException {
        await(written);
        if (written.isCompletedExceptionally()) {
            Throwable failure = written.exceptionNow();
            if (failure instanceof IOException io) {
                throw io;
            }
            if (failure instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (failure instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(failure);
        }
    }

    private static void joinQuietly(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void setLogContext(@Nullable Map<String, String> context) {
        if (context == null) {
            MDC.clear();
        } else {
            MDC.setContextMap(context);
        }
    }

    /**
     * Whether the request's answer is a stream its writer has not written whole: read when its
     * exchange completes, that means the stream was cut (its client gone, its writer failed),
     * whatever status its headers carried.
     */
    public static boolean notWhole(ServletRequest request) {
        return Boolean.FALSE.equals(request.getAttribute(WHOLE));
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
        if (body == null) {
            if (abandoned) {
                throw new IOException("the answer's client is gone");
            }
            Spool created = Spool.create(spooling.directory(), spooling.spoolAhead().toBytes());
            spool = created;
            if (abandoned) {
                created.cancel();
            }
            body = wantsBody && gzip ? new GZIPOutputStream(created.input(), BUFFER_BYTES, true) : created.input();
            bodyBegun.complete(null);
        }
        return body;
    }

    /** Hands what was written so far over to be sent, the status and headers with the first bytes. */
    public void flush() throws IOException {
        body().flush();
    }

    public boolean compressed() {
        return gzip;
    }

    /** The writer's end of the body: the gzip trailer, then the spool's end. */
    private void finishBody() throws IOException {
        if (!wantsBody) {
            return;
        }
        OutputStream finished = body();
        if (finished instanceof GZIPOutputStream compressing) {
            compressing.finish();
        }
        Spool spooled = spool;
        Objects.requireNonNull(spooled).finish();
    }

    /**
     * The status and headers: sent at once for a GET, so that its client knows them before the
     * body's first bytes come. A HEAD's are sent by the container when the stream has returned.
     */
    private void begin() throws IOException {
        response.setContentType(contentType);
        headers.forEach(response::setHeader);
        response.setHeader(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        if (gzip) {
            response.setHeader(HttpHeaders.CONTENT_ENCODING, "gzip");
        }
        committed = true;
        if (wantsBody) {
            response.flushBuffer();
        }
    }
}
