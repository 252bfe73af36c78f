package com.prospectdata.webhooks;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLContext;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.ssl.ClientTlsStrategyBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.ssl.TLS;
import org.apache.hc.core5.util.Timeout;
import org.jspecify.annotations.Nullable;

/**
 * One attempt of a delivery (docs/webhooks.md, "Where deliveries go"): a POST of the signed body
 * to the endpoint's URL over HTTPS. It connects only to an address {@link EgressPolicy} allows, as
 * the name resolves at that moment, on a connection of its own (never one kept from an earlier
 * attempt, which went where the name pointed then); it never follows a redirect (a 3xx is an
 * answer like any other); it ends at the deadline however the receiver answers or dawdles; and it
 * reads only a prefix of the answer, for the delivery log.
 */
final class DeliveryClient implements AutoCloseable {

    static final String USER_AGENT = "prospect-api-webhooks/1";

    private final CloseableHttpClient http;
    private final ScheduledExecutorService deadlines;
    private final Duration timeout;
    private final int answerBytes;
    private final Clock clock;

    /**
     * @param tls whom the client trusts: the JDK's default trust store in production
     * @param timeout the longest an attempt takes, from its first packet to its answer's prefix
     * @param answerBytes how much of an answer's body is kept
     */
    DeliveryClient(EgressPolicy policy, EgressPolicy.Resolver resolver, SSLContext tls, Duration timeout, int answerBytes,
                   Clock clock) {
        this.timeout = timeout;
        this.answerBytes = answerBytes;
        this.clock = clock;
        Timeout bound = Timeout.of(timeout);
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(new CheckedResolver(policy, resolver))
                        .setTlsSocketStrategy(ClientTlsStrategyBuilder.create().setSslContext(tls)
                                .setTlsVersions(TLS.V_1_3, TLS.V_1_2).buildClassic())
                        .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(bound).setSocketTimeout(bound)
                                .build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(bound).setRedirectsEnabled(false).build())
                .setConnectionReuseStrategy((request, response, context) -> false)
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableContentCompression()
                .setUserAgent(USER_AGENT)
                .build();
        this.deadlines = Executors.newSingleThreadScheduledExecutor(Thread.ofVirtual().name("webhook-deadlines").factory());
    }

    /**
     * What became of one attempt: the receiver's status (null when none came: refused, not
     * connected, timed out), the error in one line otherwise, how long it took, the prefix of the
     * answer's body, and the wait a 429 or 503 asked for with {@code Retry-After}.
     */
    record Attempt(@Nullable Integer status, @Nullable String error, Duration took, String answer,
                   @Nullable Duration retryAfter) {

        boolean delivered() {
            return status != null && status >= 200 && status < 300;
        }
    }

    /** Posts {@code body} with {@code headers} to {@code url}; never throws for what the receiver or the network does. */
    Attempt post(URI url, Map<String, String> headers, byte[] body) {
        Instant start = clock.instant();
        HttpPost post = new HttpPost(url);
        headers.forEach(post::setHeader);
        post.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        AtomicBoolean timedOut = new AtomicBoolean();
        ScheduledFuture<?> deadline = deadlines.schedule(() -> {
            timedOut.set(true);
            post.cancel();
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        ClassicHttpResponse response = null;
        try {
            response = http.executeOpen(null, post, null);
            return answered(response, start);
        } catch (IOException | RuntimeException failed) {
            return new Attempt(null, failure(failed, timedOut.get()), Duration.between(start, clock.instant()), "", null);
        } finally {
            deadline.cancel(false);
            // The rest of an answer is never read: the connection is dropped, not drained.
            post.cancel();
            if (response != null) {
                try {
                    response.close();
                } catch (IOException alreadyDropped) {
                    // the connection is gone either way
                }
            }
        }
    }

    private Attempt answered(ClassicHttpResponse response, Instant start) throws IOException {
        String answer = "";
        HttpEntity entity = response.getEntity();
        if (entity != null) {
            try (InputStream in = entity.getContent()) {
                answer = printable(in.readNBytes(answerBytes));
            }
        }
        int status = response.getCode();
        Duration retryAfter = status == 429 || status == 503 ? retryAfter(response.getFirstHeader("Retry-After")) : null;
        return new Attempt(status, null, Duration.between(start, clock.instant()), answer, retryAfter);
    }

    /** A failure in one line, for the delivery log: what the network or the receiver did, never a stack. */
    private String failure(Throwable failed, boolean cancelled) {
        if (cancelled) {
            return "no answer within " + timeout.toSeconds() + " s";
        }
        for (Throwable cause = failed; cause != null; cause = cause.getCause()) {
            if (cause instanceof RefusedAddressException refused) {
                return "refused: " + refused.getMessage();
            }
            if (cause instanceof SocketTimeoutException) {
                return "no answer within " + timeout.toSeconds() + " s";
            }
        }
        String message = failed.getMessage();
        String name = failed.getClass().getSimpleName();
        return message == null || message.isBlank() ? name : name + ": " + printable(message.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code Retry-After} in seconds or as an HTTP date; null when absent, malformed or past. */
    private @Nullable Duration retryAfter(@Nullable Header header) {
        if (header == null) {
            return null;
        }
        String value = header.getValue().strip();
        if (value.matches("[0-9]{1,9}")) {
            return Duration.ofSeconds(Long.parseLong(value));
        }
        try {
            Duration wait = Duration.between(clock.instant(), ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME));
            return wait.isNegative() ? null : wait;
        } catch (DateTimeParseException malformed) {
            return null;
        }
    }

    /** Text for a log: UTF-8, control characters as spaces. */
    private static String printable(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        StringBuilder printable = new StringBuilder(text.length());
        text.codePoints().forEach(c -> printable.appendCodePoint(Character.isISOControl(c) ? ' ' : c));
        return printable.toString();
    }

    @Override
    public void close() throws IOException {
        deadlines.shutdownNow();
        http.close();
    }

    /** The JDK's refusal to connect, carrying the policy's reason: a name it refuses resolves to nothing. */
    private static final class RefusedAddressException extends UnknownHostException {

        RefusedAddressException(String message) {
            super(message);
        }
    }

    /** Every connection's addresses, as the policy allows them when it is made. */
    private record CheckedResolver(EgressPolicy policy, EgressPolicy.Resolver resolver) implements DnsResolver {

        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            try {
                return policy.addresses(host, resolver).toArray(InetAddress[]::new);
            } catch (EgressRefusedException refused) {
                throw new RefusedAddressException(refused.getMessage());
            }
        }

        @Override
        public String resolveCanonicalHostname(String host) {
            return host;
        }
    }
}
