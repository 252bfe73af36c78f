package com.prospectdata.pipeline.streaming;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.core.errors.StreamAbortedException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.util.StreamUtils;
import org.springframework.util.unit.DataSize;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.context.request.async.WebAsyncUtils;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * A streamed answer sends its status and headers with its first bytes, is answered as what
 * failed when it fails before them and cut after them, and ends exactly once however it ends.
 */
class StreamedAnswerTest {

    private static final String NDJSON = "application/x-ndjson";
    /** Spools in the JVM's temporary directory, and the writer never more than a megabyte ahead. */
    private static final StreamingProperties SPOOLING = new StreamingProperties(null, DataSize.ofMegabytes(1), DataSize.ofKilobytes(64), Duration.ofSeconds(60));

    private final MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/things/export");
    private final MockHttpServletResponse response = new MockHttpServletResponse();
    private final AtomicInteger ended = new AtomicInteger();

    /** The response's stream as Spring MVC hands it to a StreamingResponseBody: its flush does nothing. */
    private OutputStream mvcsStream() throws IOException {
        return StreamUtils.nonFlushing(response.getOutputStream());
    }

    private StreamingResponseBody stream(StreamedAnswer.Writer writer) {
        ResponseEntity<StreamingResponseBody> answer = StreamedAnswer.ok(new ServletRequestAttributes(request, response), NDJSON,
                SPOOLING, ended::incrementAndGet, writer);
        assertThat(answer.getStatusCode().value()).isEqualTo(200);
        assertThat(answer.getHeaders().isEmpty()).as("nothing is decided before the writer runs").isTrue();
        return answer.getBody();
    }

    @Test
    void theHeadersGoWithTheFirstBytesGzippedWhenAccepted() throws IOException {
        request.addHeader("Accept-Encoding", "gzip");
        List<String> seenBeforeTheBody = new ArrayList<>();
        stream(answer -> {
            answer.header("Export-Total", "2");
            seenBeforeTheBody.add(String.valueOf(response.getHeader("Export-Total")));
            seenBeforeTheBody.add(String.valueOf(response.isCommitted()));
            answer.flush();
            answer.body().write("{\"a\":1}\n{\"a\":2}\n".getBytes(StandardCharsets.UTF_8));
            answer.flush();
        }).writeTo(mvcsStream());

        assertThat(seenBeforeTheBody).containsExactly("null", "false");
        assertThat(response.getContentType()).isEqualTo(NDJSON);
        assertThat(response.getHeader("Export-Total")).isEqualTo("2");
        assertThat(response.getHeader("Content-Encoding")).isEqualTo("gzip");
        assertThat(response.getHeader("Vary")).isEqualTo("Accept-Encoding");
        try (GZIPInputStream body = new GZIPInputStream(new ByteArrayInputStream(response.getContentAsByteArray()))) {
            assertThat(new String(body.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}\n{\"a\":2}\n");
        }
        assertThat(ended).hasValue(1);
    }

    @Test
    void aFailureBeforeTheBodyIsAnsweredAsWhatFailedWithNothingSent() {
        IllegalStateException failure = new IllegalStateException("the count failed");
        StreamingResponseBody body = stream(answer -> {
            answer.header("Export-Total", "2");
            throw failure;
        });

        assertThatThrownBy(() -> body.writeTo(mvcsStream())).isSameAs(failure);
        assertThat(response.isCommitted()).isFalse();
        assertThat(response.getContentType()).as("free for the error body").isNull();
        assertThat(response.getHeader("Export-Total")).isNull();
        assertThat(ended).hasValue(1);
    }

    @Test
    void aFailureAfterTheBodyBeganCutsTheExchange() {
        IllegalStateException failure = new IllegalStateException("a batch failed");
        StreamingResponseBody body = stream(answer -> {
            answer.header("Export-Total", "2");
            answer.body().write("{\"a\":1}\n".getBytes(StandardCharsets.UTF_8));
            answer.flush();
            throw failure;
        });

        assertThatThrownBy(() -> body.writeTo(mvcsStream())).isInstanceOf(StreamAbortedException.class)
                .hasCause(failure);
        assertThat(response.isCommitted()).isTrue();
        assertThat(ended).hasValue(1);
    }

    @Test
    void aHeadGetsTheHeadersAloneWhenItsWriterHasReturned() throws IOException {
        request.setMethod("HEAD");
        request.addHeader("Accept-Encoding", "gzip");
        List<Boolean> wantsBody = new ArrayList<>();
        stream(answer -> {
            wantsBody.add(answer.wantsBody());
            answer.header("Export-Total", "2");
        }).writeTo(mvcsStream());

        assertThat(wantsBody).containsExactly(false);
        assertThat(response.getHeader("Export-Total")).isEqualTo("2");
        assertThat(response.getHeader("Content-Encoding")).as("the GET's").isEqualTo("gzip");
        assertThat(response.getContentAsByteArray()).isEmpty();
        assertThat(response.isCommitted()).as("the container sends them once the stream has ended").isFalse();
        assertThat(ended).hasValue(1);
    }

    @Test
    void anExchangeThatEndedBeforeItsStreamStartedEndsItOnceAndNothingIsWritten() throws Exception {
        AtomicInteger written = new AtomicInteger();
        StreamingResponseBody body = stream(answer -> written.incrementAndGet());

        WebAsyncUtils.getAsyncManager(request).getCallableInterceptor(StreamedAnswer.class.getName())
                .afterCompletion(new ServletWebRequest(request, response), () -> null);
        body.writeTo(mvcsStream());

        assertThat(written).hasValue(0);
        assertThat(ended).hasValue(1);
    }

    @Test
    void aStreamThatRanIsEndedByItsWriterAloneThoughItsExchangeCompletesAfter() throws Exception {
        StreamingResponseBody body = stream(answer -> answer.header("Export-Total", "0"));

        body.writeTo(mvcsStream());
        WebAsyncUtils.getAsyncManager(request).getCallableInterceptor(StreamedAnswer.class.getName())
                .afterCompletion(new ServletWebRequest(request, response), () -> null);

        assertThat(ended).hasValue(1);
    }

    @Test
    void theStreamLogsUnderTheRequestsContextOnItsOwnThread() throws Exception {
        List<String> seenByTheWriter = new ArrayList<>();
        MDC.put("http.request.id", "request-7");
        StreamingResponseBody body;
        try {
            body = stream(answer -> seenByTheWriter.add(MDC.get("http.request.id")));
        } finally {
            MDC.remove("http.request.id");
        }
        ExecutorService streams = Executors.newSingleThreadExecutor();
        try {
            String afterwards = CompletableFuture.supplyAsync(() -> {
                try {
                    body.writeTo(mvcsStream());
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                return String.valueOf(MDC.get("http.request.id"));
            }, streams).get(10, TimeUnit.SECONDS);

            assertThat(seenByTheWriter).containsExactly("request-7");
            assertThat(afterwards).as("the thread's own context is back").isEqualTo("null");
        } finally {
            streams.shutdownNow();
        }
    }
}
