package com.prospectdata.pipeline.web;

import com.prospectdata.core.openapi.ApiOperation;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.streaming.AcceptEncoding;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.ShallowEtagHeaderFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * Every 200 to a GET gets a strong {@code ETag} and {@code Cache-Control: private, no-cache}; a
 * GET whose {@code If-None-Match} matches is answered {@code 304} without a body. For the
 * operations whose answers follow the organization's data version alone
 * ({@link VersionValidators}), the validator is made from that version before anything runs, so
 * a {@code 304} costs no query; for the others (jobs: their window moves with the clock) it is
 * the hash of the finished body, exact without the query knowing when its data changed, at the
 * price of running it.
 *
 * <p>A HEAD is answered as the GET would be, without the body (docs/api-rules.md §1; RFC 9110,
 * 9.3.2): the chain sees a GET, so the validator, {@code Cache-Control}, {@code Content-Length}
 * and a {@code 304} for a matching {@code If-None-Match} are the GET's, and the body is dropped.
 *
 * <p>A 200 whose body is at least {@code app.compression.min-response-bytes} is gzip-compressed
 * when the request's {@code Accept-Encoding} allows it, before the ETag is computed: the ETag is
 * the hash of the bytes sent, so each encoding of a body has a strong validator of its own
 * (RFC 9110, 8.8.3), and {@code Vary: Accept-Encoding} says so to caches.
 *
 * <p>It runs after authentication and the rate limit, so a {@code 304} carries the rate-limit
 * headers like any answer and never reveals anything to a caller who could not have had the 200.
 */
@Component
@ConditionalOnWebApplication
class ConditionalGetFilter extends ShallowEtagHeaderFilter {

    /** Only this organization's own caches may keep a response, and they ask before reusing it. */
    static final String CACHE_CONTROL = "private, no-cache";

    /** gzip's fastest level: repetitive JSON shrinks well even there, at a small part of the default level's cost. */
    private static final int GZIP_LEVEL = Deflater.BEST_SPEED;

    private final ResponseHeaderBudget headerBudget;
    private final WebProperties.Compression compression;
    private final VersionValidators versionValidators;

    public ConditionalGetFilter(ResponseHeaderBudget headerBudget, WebProperties settings,
                                VersionValidators versionValidators) {
        this.headerBudget = headerBudget;
        this.compression = settings.compression();
        this.versionValidators = versionValidators;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (RequestContext.of(request).operation().filter(o -> o.traits().streams()).isPresent()) {
            // A stream sends what it reads, compressed as it goes, with no validator: holding its
            // body back would hold it whole in memory (an export's whole search, docs/api-rules.md §14).
            chain.doFilter(request, response);
            return;
        }
        if (HttpMethod.HEAD.matches(request.getMethod())) {
            filterAsGet(new AsGet(request), new WithoutBody(response), chain);
        } else {
            filterAsGet(request, response, chain);
        }
    }

    private void filterAsGet(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // Read before the query runs: the body can only be as new as the version or newer, never
        // older, so a validator never names data from before the version it was made from.
        Optional<ApiOperation> operation = HttpMethod.GET.matches(request.getMethod())
                ? versionValidators.operationOf(request) : Optional.empty();
        Optional<String> versionValidator = operation.flatMap(o -> versionValidators.validatorFor(request, o));
        if (versionValidator.isPresent()
                && VersionValidators.namedIn(VersionValidators.ifNoneMatch(request), versionValidator.get())) {
            notModified(request, response, versionValidator.get());
            return;
        }
        super.doFilterInternal(request, new EncodingOnlyWithBody(response), (innerRequest, innerResponse) -> {
            chain.doFilter(innerRequest, innerResponse);
            // The body is still buffered here, so headers can be added before anything is sent.
            ContentCachingResponseWrapper buffered = (ContentCachingResponseWrapper) innerResponse;
            if (buffered.getStatus() == HttpStatus.OK.value() && HttpMethod.GET.matches(request.getMethod())) {
                buffered.setHeader(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL);
                if (compression.enabled()) {
                    varyByEncoding(buffered);
                    if (buffered.getContentSize() >= compression.minResponseBytes()
                            && AcceptEncoding.allowsGzip(request.getHeaders(HttpHeaders.ACCEPT_ENCODING))) {
                        compress(buffered);
                    }
                }
            }
            headerBudget.enforce(request, buffered);
            if (buffered.getStatus() == HttpStatus.OK.value() && versionValidator.isPresent()) {
                // Taken by the superclass instead of the hash of the body it would compute. Set
                // last: from here on the superclass's wrapper writes through instead of buffering.
                buffered.setHeader(HttpHeaders.ETAG, versionValidator.get());
            }
        });
        if (response.getStatus() == HttpStatus.NOT_MODIFIED.value()) {
            // A 304 has no body, so it describes none (RFC 9110, 15.4.5).
            response.setContentType(null);
        }
    }

    /**
     * The {@code 304} for a validator the data version still vouches for, without running the
     * operation: what a {@code 304} from the full path would carry (RFC 9110, 15.4.5), and the
     * operation named for the access log as if it had run (the request metrics have its route
     * template from pipeline/OperationFilter).
     */
    private void notModified(HttpServletRequest request, HttpServletResponse response, String validator) {
        RequestContext.of(request).markAnsweredWithoutHandler();
        response.setStatus(HttpStatus.NOT_MODIFIED.value());
        response.setHeader(HttpHeaders.ETAG, validator);
        response.setHeader(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL);
        if (compression.enabled()) {
            varyByEncoding(response);
        }
    }

    /** {@code Vary: Accept-Encoding}, added beside what is there already (CORS varies by Origin). */
    private static void varyByEncoding(HttpServletResponse response) {
        if (!response.getHeaders(HttpHeaders.VARY).contains(HttpHeaders.ACCEPT_ENCODING)) {
            response.addHeader(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        }
    }

    /** Replaces the buffered body with its gzip encoding. */
    private static void compress(ContentCachingResponseWrapper buffered) throws IOException {
        ByteArrayOutputStream compressed = new ByteArrayOutputStream(buffered.getContentSize() / 4 + 64);
        try (GZIPOutputStream gzip = new GZIPOutputStream(compressed, 8192) {
            {
                def.setLevel(GZIP_LEVEL);
            }
        }) {
            buffered.getContentInputStream().transferTo(gzip);
        }
        buffered.resetBuffer();
        buffered.setHeader(HttpHeaders.CONTENT_ENCODING, "gzip");
        buffered.setContentLength(compressed.size());
        compressed.writeTo(buffered.getOutputStream());
    }

    /**
     * Holds {@code Content-Encoding} back until the body is sent: the ETag of the compressed body
     * decides whether there is one, and a 304 describes no encoding (RFC 9110, 15.4.5).
     */
    private static final class EncodingOnlyWithBody extends HttpServletResponseWrapper {
        private String pendingEncoding;

        EncodingOnlyWithBody(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void setHeader(String name, String value) {
            if (HttpHeaders.CONTENT_ENCODING.equalsIgnoreCase(name)) {
                pendingEncoding = value;
            } else {
                super.setHeader(name, value);
            }
        }

        @Override
        public String getHeader(String name) {
            return HttpHeaders.CONTENT_ENCODING.equalsIgnoreCase(name) && pendingEncoding != null
                    ? pendingEncoding : super.getHeader(name);
        }

        private void bodyFollows() {
            if (pendingEncoding != null && getStatus() != HttpStatus.NOT_MODIFIED.value()) {
                super.setHeader(HttpHeaders.CONTENT_ENCODING, pendingEncoding);
            }
            pendingEncoding = null;
        }

        @Override
        public void setContentLength(int length) {
            bodyFollows();
            super.setContentLength(length);
        }

        @Override
        public void setContentLengthLong(long length) {
            bodyFollows();
            super.setContentLengthLong(length);
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            bodyFollows();
            return super.getOutputStream();
        }

        @Override
        public PrintWriter getWriter() throws IOException {
            bodyFollows();
            return super.getWriter();
        }

        @Override
        public void flushBuffer() throws IOException {
            bodyFollows();
            super.flushBuffer();
        }
    }

    /** A HEAD seen as the GET it asks about. */
    private static final class AsGet extends HttpServletRequestWrapper {
        AsGet(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getMethod() {
            return HttpMethod.GET.name();
        }
    }

    /** The response to a HEAD: headers and Content-Length as the GET's, the body's bytes dropped. */
    private static final class WithoutBody extends HttpServletResponseWrapper {
        private final ServletOutputStream discarding = new ServletOutputStream() {
            @Override
            public void write(int b) {
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {
                throw new UnsupportedOperationException("The body of a HEAD is never written");
            }
        };

        WithoutBody(HttpServletResponse response) {
            super(response);
        }

        @Override
        public ServletOutputStream getOutputStream() {
            return discarding;
        }

        @Override
        public PrintWriter getWriter() {
            return new PrintWriter(new OutputStreamWriter(discarding, StandardCharsets.UTF_8));
        }
    }
}
