package com.prospectdata.pipeline.web;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import java.time.Duration;
import java.util.List;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.plain-http-port}, {@code app.cors.*}, {@code app.compression.*}, {@code app.http2},
 * {@code app.stalled-stream-timeout} and {@code app.write-timeout}.
 *
 * @param plainHttpPort a plain-HTTP listener that answers every request 403
 *        {@code HTTPS_REQUIRED}, for clients that still call {@code http://}; 0 for none
 * @param cors browser access
 * @param compression gzip for the bodies of 200s, when the client accepts it
 * @param http2 HTTP/2 beside HTTP/1.1 on the API's TLS port (ALPN {@code h2}); never on a
 *        plain-HTTP port, where it would mean an {@code h2c} upgrade nobody needs
 * @param stalledStreamTimeout how long an HTTP/2 stream's answer may wait for a client that
 *        reads none of it (its flow-control window stays shut) before the stream is reset: each
 *        such answer keeps its memory and one of its key's share of requests
 *        (pipeline/load/KeyShareFilter) until then; a client that reads, however slowly, resets
 *        the clock with every window it opens
 * @param writeTimeout how long one write to a connection may wait for a client that takes none
 *        of it, on both protocols, before the connection is closed: a bound for a client that
 *        takes nothing at all, not a rule on slow ones (that is {@code app.streaming.min-rate}).
 *        A client reading slowly into a large TCP receive buffer reopens its window only once
 *        it has read a good part of that buffer, so an honest client above the pace floor
 *        keeps a write waiting for its buffer's size over its pace: tens of seconds for
 *        megabytes at 100 KB/s (bench/notes/performance.md, "Slow readers and the write
 *        timeout"). Tomcat's own bounds were 10 s on HTTP/1.1 (the connection timeout, which
 *        still bounds reading a request's headers) and 5 s on HTTP/2, where the same bound also
 *        covers a client that keeps the connection's flow-control window shut
 */
@ConfigurationProperties("app")
@Validated
record WebProperties(
        @DefaultValue("0") @Min(0) @Max(65535) int plainHttpPort,
        @DefaultValue @Valid Cors cors,
        @DefaultValue @Valid Compression compression,
        @DefaultValue("true") boolean http2,
        @DefaultValue("10s") @NotNull @DurationMin(seconds = 1) @DurationMax(minutes = 10) Duration stalledStreamTimeout,
        @DefaultValue("2m") @NotNull @DurationMin(seconds = 1) @DurationMax(hours = 1) Duration writeTimeout) {

    /**
     * @param enabled whether a 200 is gzip-compressed for a client whose {@code Accept-Encoding} allows it
     * @param minResponseBytes the smallest body compressed: below about 1 KB the gzip header and
     *        the CPU cost more than the bytes saved
     */
    public record Compression(
            @DefaultValue("true") boolean enabled,
            @DefaultValue("2048") @Min(0) @Max(100_000_000) int minResponseBytes) {
    }

    /**
     * @param allowedOrigins browser origins allowed to call the API, such as
     *        {@code https://app.partner.example}; none: CORS is off (partners call from servers)
     */
    public record Cors(List<@Pattern(regexp = "https?://[^/\\s,]+",
            message = "must be origins such as https://app.partner.example (scheme, host and port, no path)") String> allowedOrigins) {

        public Cors {
            allowedOrigins = allowedOrigins == null ? List.of() : List.copyOf(allowedOrigins);
        }

        public boolean enabled() {
            return !allowedOrigins.isEmpty();
        }
    }
}
