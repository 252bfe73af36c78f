package com.prospectdata.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.pipeline.tls.SelfSignedCertificate;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * One attempt of a delivery against a real HTTPS receiver on loopback, which the tests' policy
 * allows besides the public addresses ({@link DeliveryClient}). Beside the sequence of the other
 * classes (junit-platform.properties): its attempts mostly wait for deadlines of a second or two;
 * its lock keeps its own methods, which share the receiver, one after the other.
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("webhook-receiver")
class DeliveryClientTest {

    private static final AddressBlock LOOPBACK = AddressBlock.parse("127.0.0.1/32", "the tests' receiver");
    private static final Map<String, String> SIGNED = Map.of("webhook-id", "msg_1", "webhook-timestamp", "1767225600",
            "webhook-signature", "v1,c2lnbmF0dXJl");
    private static final byte[] BODY = "{\"type\":\"prospect_search.changes\"}".getBytes(StandardCharsets.UTF_8);

    private static SSLContext receiverTls;
    private static SSLContext trustingTheReceiver;
    private static HttpsServer receiver;
    private static volatile Handler handler;
    private static final ConcurrentLinkedQueue<Received> received = new ConcurrentLinkedQueue<>();

    @FunctionalInterface
    interface Handler {
        void handle(HttpExchange exchange) throws Exception;
    }

    record Received(String method, String path, Map<String, List<String>> headers, byte[] body) {
    }

    @BeforeAll
    static void startTheReceiver() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair keys = generator.generateKeyPair();
        X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                SelfSignedCertificate.sign(keys, List.of("localhost", "127.0.0.1"), Instant.now(), Duration.ofDays(1)));
        KeyStore identity = KeyStore.getInstance("PKCS12");
        identity.load(null, null);
        identity.setKeyEntry("receiver", keys.getPrivate(), new char[0], new X509Certificate[] {certificate});
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(identity, new char[0]);
        receiverTls = SSLContext.getInstance("TLS");
        receiverTls.init(keyManagers.getKeyManagers(), null, null);
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("receiver", certificate);
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        trustingTheReceiver = SSLContext.getInstance("TLS");
        trustingTheReceiver.init(null, trustManagers.getTrustManagers(), null);

        receiver = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.setHttpsConfigurator(new HttpsConfigurator(receiverTls));
        receiver.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        receiver.createContext("/", exchange -> {
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                    Map.copyOf(exchange.getRequestHeaders()), exchange.getRequestBody().readAllBytes()));
            try {
                handler.handle(exchange);
            } catch (Exception e) {
                // the client went away, or the test ended the wait
            } finally {
                exchange.close();
            }
        });
        receiver.start();
    }

    @AfterAll
    static void stopTheReceiver() {
        receiver.stop(0);
    }

    @AfterEach
    void forgetWhatWasReceived() {
        received.clear();
    }

    private static URI url(String path) {
        return URI.create("https://127.0.0.1:" + receiver.getAddress().getPort() + path);
    }

    private static DeliveryClient client(List<AddressBlock> allowed, EgressPolicy.Resolver resolver, SSLContext tls,
                                         Duration timeout) {
        return new DeliveryClient(new EgressPolicy(allowed), resolver, tls, timeout, 64, Clock.systemUTC());
    }

    private static DeliveryClient client() {
        return client(List.of(LOOPBACK), EgressPolicy.Resolver.SYSTEM, trustingTheReceiver, Duration.ofSeconds(15));
    }

    private static void answer(HttpExchange exchange, int status, String body, String... headers) throws IOException {
        for (int i = 0; i < headers.length; i += 2) {
            exchange.getResponseHeaders().add(headers[i], headers[i + 1]);
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    @Test
    void theSignedBodyIsPostedAsItIsAndTheAnswerKept() throws Exception {
        handler = exchange -> answer(exchange, 200, "thanks");
        try (DeliveryClient client = client()) {
            DeliveryClient.Attempt attempt = client.post(url("/in/prospects?team=7"), SIGNED, BODY);

            assertThat(attempt.delivered()).as("%s", attempt).isTrue();
            assertThat(attempt.status()).isEqualTo(200);
            assertThat(attempt.answer()).isEqualTo("thanks");
            assertThat(attempt.error()).isNull();
        }
        Received request = received.remove();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/in/prospects?team=7");
        assertThat(request.body()).isEqualTo(BODY);
        assertThat(request.headers().get("Webhook-id")).containsExactly("msg_1");
        assertThat(request.headers().get("Webhook-timestamp")).containsExactly("1767225600");
        assertThat(request.headers().get("Webhook-signature")).containsExactly("v1,c2lnbmF0dXJl");
        assertThat(request.headers().get("Content-type").getFirst()).startsWith("application/json");
        assertThat(request.headers().get("User-agent")).containsExactly(DeliveryClient.USER_AGENT);
    }

    @Test
    void aRedirectIsAnAnswerNeverFollowed() throws Exception {
        handler = exchange -> answer(exchange, exchange.getRequestURI().getPath().equals("/moved") ? 307 : 200, "",
                "Location", url("/elsewhere").toString());
        try (DeliveryClient client = client()) {
            DeliveryClient.Attempt attempt = client.post(url("/moved"), SIGNED, BODY);

            assertThat(attempt.status()).isEqualTo(307);
            assertThat(attempt.delivered()).isFalse();
        }
        assertThat(received).extracting(Received::path).containsExactly("/moved");
    }

    @Test
    void aReceiverThatHangsIsCutAtTheDeadline() throws Exception {
        CountDownLatch released = new CountDownLatch(1);
        handler = exchange -> {
            released.await(60, TimeUnit.SECONDS);
            answer(exchange, 200, "too late");
        };
        try (DeliveryClient client = client(List.of(LOOPBACK), EgressPolicy.Resolver.SYSTEM, trustingTheReceiver,
                Duration.ofSeconds(1))) {
            DeliveryClient.Attempt attempt = client.post(url("/hangs"), SIGNED, BODY);

            assertThat(released.getCount()).as("the attempt ended while the receiver still held it").isEqualTo(1);
            assertThat(attempt.status()).isNull();
            assertThat(attempt.error()).isEqualTo("no answer within 1 s");
        } finally {
            released.countDown();
        }
    }

    @Test
    void aReceiverThatDripsItsAnswerForeverIsCutAtTheDeadline() throws Exception {
        CountDownLatch released = new CountDownLatch(1);
        AtomicInteger dripped = new AtomicInteger();
        handler = exchange -> {
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            while (released.getCount() > 0) {
                out.write('.');
                out.flush();
                dripped.incrementAndGet();
                Thread.sleep(100);
            }
        };
        // Headers at once, then a byte every tenth of a second: each read is quick, the whole never ends.
        try (DeliveryClient client = new DeliveryClient(new EgressPolicy(List.of(LOOPBACK)), EgressPolicy.Resolver.SYSTEM,
                trustingTheReceiver, Duration.ofSeconds(2), 1_000_000, Clock.systemUTC())) {
            DeliveryClient.Attempt attempt = client.post(url("/drips"), SIGNED, BODY);

            assertThat(released.getCount()).as("the attempt ended while the receiver still dripped").isEqualTo(1);
            assertThat(attempt.delivered()).isFalse();
            assertThat(attempt.error()).contains("no answer within 2 s");
        } finally {
            released.countDown();
        }
    }

    @Test
    void onlyAPrefixOfALargeAnswerIsRead() throws Exception {
        handler = exchange -> answer(exchange, 200, "x".repeat(5_000_000));
        try (DeliveryClient client = client()) {
            DeliveryClient.Attempt attempt = client.post(url("/large"), SIGNED, BODY);

            assertThat(attempt.status()).isEqualTo(200);
            assertThat(attempt.answer()).isEqualTo("x".repeat(64));
        }
    }

    @Test
    void aWaitAskedForByA429OrA503IsRead() throws Exception {
        handler = exchange -> answer(exchange, exchange.getRequestURI().getPath().equals("/busy") ? 503 : 429, "slow down",
                "Retry-After", exchange.getRequestURI().getPath().equals("/busy") ? "120" : "Thu, 01 Jan 2099 00:00:00 GMT");
        try (DeliveryClient client = client()) {
            assertThat(client.post(url("/busy"), SIGNED, BODY).retryAfter()).isEqualTo(Duration.ofSeconds(120));
            assertThat(client.post(url("/limited"), SIGNED, BODY).retryAfter()).isPositive();
        }
    }

    @Test
    void anAddressThePolicyRefusesIsNeverConnectedTo() throws Exception {
        handler = exchange -> answer(exchange, 200, "");
        try (DeliveryClient client = client(List.of(), EgressPolicy.Resolver.SYSTEM, trustingTheReceiver,
                Duration.ofSeconds(15))) {
            DeliveryClient.Attempt attempt = client.post(url("/refused"), SIGNED, BODY);

            assertThat(attempt.status()).isNull();
            assertThat(attempt.error()).startsWith("refused: ").contains("a loopback address");
        }
        assertThat(received).as("nothing sent").isEmpty();
    }

    /** A name that resolved to an allowed address once and resolves to a private one now: refused now, nothing sent. */
    @Test
    void aNameIsResolvedAndCheckedForEveryAttempt() throws Exception {
        handler = exchange -> answer(exchange, 204, "");
        AtomicInteger lookups = new AtomicInteger();
        EgressPolicy.Resolver rebinding = host -> new InetAddress[] {
                InetAddress.getByName(lookups.getAndIncrement() == 0 ? "127.0.0.1" : "10.0.0.7")};
        URI byName = URI.create("https://localhost:" + receiver.getAddress().getPort() + "/hook");
        try (DeliveryClient client = client(List.of(LOOPBACK), rebinding, trustingTheReceiver, Duration.ofSeconds(15))) {
            assertThat(client.post(byName, SIGNED, BODY).status()).isEqualTo(204);
            DeliveryClient.Attempt second = client.post(byName, SIGNED, BODY);

            assertThat(second.status()).isNull();
            assertThat(second.error()).contains("resolves to 10.0.0.7, a private address");
        }
        assertThat(received).as("only the first attempt was sent").hasSize(1);
        assertThat(lookups.get()).isEqualTo(2);
    }

    @Test
    void aReceiverWhoseCertificateIsNotTrustedGetsNothing() throws Exception {
        handler = exchange -> answer(exchange, 200, "");
        SSLContext jdkDefaults = SSLContext.getDefault();
        try (DeliveryClient client = client(List.of(LOOPBACK), EgressPolicy.Resolver.SYSTEM, jdkDefaults, Duration.ofSeconds(15))) {
            DeliveryClient.Attempt attempt = client.post(url("/untrusted"), SIGNED, BODY);

            assertThat(attempt.status()).isNull();
            assertThat(attempt.error()).as("the TLS handshake's failure").containsIgnoringCase("certificat");
        }
        assertThat(received).as("nothing sent").isEmpty();
    }
}
