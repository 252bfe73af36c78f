package com.prospectdata.contract;

import static com.prospectdata.contract.support.TimeFactor.tolerance;
import static com.prospectdata.contract.support.TimeFactor.within;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.AccessLog;
import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.RawHttp2;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.testing.Fixture;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One partner can never starve another (docs/OPERATIONS.md, "Overload"): a key that asks for
 * searches and pages of the companies list over HTTP/2 and never opens its flow-control window
 * holds dozens of streams whose answers can never be delivered, renewing each as the server ends
 * it, for half a minute; meanwhile another key's list pages and searches are served throughout. A slot
 * covers the work, not the client's reading, and each key may hold only its share of an
 * instance's slots; the stalled streams end within the documented bound, by the server's clock.
 * How fast the other key is served meanwhile is measured by {@code bench/overload}, not here.
 *
 * <p>On a server of its own with the machine's default slots (on two cores, one heavy slot and
 * four list slots), so that the few slots a stalled answer could hold are the real ones.
 */
@RunsBesideOthers
@Order(11) // after the longest of those that run beside the sequence (junit-platform.properties)
class FairSharesJarTest extends ContractTest {

    private static final Logger log = LoggerFactory.getLogger(FairSharesJarTest.class);

    private static final String SEARCH = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&search=";
    private static final String LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&limit=";
    private static final List<String> SEARCH_TERMS = List.of("gmbh", "logistik", "berlin", "a", "e", "n");
    /**
     * Three times the stalled-stream timeout: the server ends the attacker's streams, and they are
     * renewed, more than once. How the victim fares over a longer attack is bench/overload's.
     */
    private static final Duration ATTACK = Duration.ofSeconds(Long.getLong("contract.fair-shares.seconds", 30));
    /** app.stalled-stream-timeout's default, after which a stream the client does not read is reset. */
    private static final Duration STALL_BOUND = Duration.ofSeconds(10);
    /**
     * What a request may take before its answer is written, by the defaults of app.load: the wait
     * for a slot (max-wait, 1 s), then its statements (statement-timeout, 10 s, and
     * statement-margin, 2 s).
     */
    private static final Duration WORK_BOUND = Duration.ofSeconds(1 + 10 + 2);
    /**
     * The longest the victim may go without a 200 during the attack: a tolerance for a busy
     * machine, well under the stalled-stream timeout a starved victim would wait for.
     */
    private static final Duration VICTIM_GAP = tolerance(Duration.ofSeconds(5));
    private static final int CONNECTIONS = 4;
    private static final int STREAMS_PER_CONNECTION = 16;
    /** The error codes of the GOAWAYs that ended the attacker's connections, and how many of each. */
    private static final Map<Integer, Integer> GOAWAYS = new ConcurrentHashMap<>();

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("fair-shares"));

    private static FixtureKey attacker;
    private static String victim;

    /** One answer the victim got (or -1 for none), and when, by the client's clock. */
    private record Answer(Instant at, int status, boolean retryAfter) {
    }

    @BeforeAll
    static void issueKeys() {
        attacker = issue("FairSharesJarTest zero window");
        victim = issue("FairSharesJarTest victim").key();
    }

    private static FixtureKey issue(String label) {
        return environment().key(FixtureKey.of(Fixture.ORG_OURS).enterprise(1_000_000).label(label));
    }

    /** The attacker's requests, in turn: searches (heavy) and pages of the list (list). */
    private static String attackPath(int n) {
        return n % 2 == 0 ? SEARCH + SEARCH_TERMS.get(n / 2 % SEARCH_TERMS.size()) : LIST + (1 + n % 50);
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void zeroWindowStreamsOfOneKeyLeaveAnotherKeysPagesAndSearchesServed() throws Exception {
        int port = dedicated.server().port();
        Management management = Management.of(dedicated.server());
        List<RawHttp2> connections = new ArrayList<>();
        List<List<Integer>> held = new ArrayList<>();
        AtomicInteger sent = new AtomicInteger();
        int mostHeld;
        List<Answer> answers = Collections.synchronizedList(new ArrayList<>());
        Instant victimsStarted;
        Instant attackEnded;
        try (ExecutorService victims = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < CONNECTIONS; c++) {
                connections.add(RawHttp2.connect(port, 0));
                held.add(new ArrayList<>());
            }
            long attackEnds = System.nanoTime() + ATTACK.toNanos();
            // The attacker's streams first: the victim asks once the server has answered half of
            // them, whose bodies now wait for a window that stays shut.
            mostHeld = renew(connections, held, sent, port);
            await("the server answering the attacker's streams").atMost(tolerance(Duration.ofSeconds(30)))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> answeredStreams(connections, held) >= CONNECTIONS * STREAMS_PER_CONNECTION / 2);
            victimsStarted = Instant.now();
            List<Future<?>> running = new ArrayList<>();
            for (int v = 0; v < 4; v++) {
                int client = v;
                running.add(victims.submit(() -> {
                    callAsVictim(port, client, attackEnds, answers);
                    return null;
                }));
            }
            while (System.nanoTime() < attackEnds) {
                mostHeld = Math.max(mostHeld, renew(connections, held, sent, port));
                Thread.sleep(100);
            }
            attackEnded = Instant.now();
            for (Future<?> client : running) {
                client.get(tolerance(Duration.ofSeconds(60)).toMillis(), TimeUnit.MILLISECONDS);
            }

            // No more renewals: every stalled stream must now end, reset by the server.
            await("every stalled stream ended by the server").atMost(within(WORK_BOUND.plus(STALL_BOUND), Duration.ofSeconds(15)))
                    .pollInterval(Duration.ofMillis(200)).until(() -> openStreams(connections, held) == 0);
        } finally {
            connections.forEach(RawHttp2::close);
        }

        log.info("Zero-window attack of {}: the attacker sent {} requests and held up to {} streams at once (connections ended by "
                + "GOAWAY, by code: {}); the victim's {} requests: {}", ATTACK, sent.get(), mostHeld, GOAWAYS,
                answers.size(), count(answers));
        assertThat(mostHeld).as("zero-window streams the attacker held at once").isGreaterThanOrEqualTo(50);
        assertThat(sent.get()).as("zero-window requests the attacker sent: streams the server ended were renewed")
                .isGreaterThan(CONNECTIONS * STREAMS_PER_CONNECTION);
        assertThat(answers).as("the victim's answers: 200, or 503 with Retry-After (%s)", count(answers))
                .allSatisfy(answer -> assertThat(answer.status() == 200 || answer.status() == 503 && answer.retryAfter())
                        .as("%s", answer).isTrue());
        assertThat(longestWithoutA200(answers, victimsStarted, attackEnded))
                .as("the longest the victim went without a 200 during the attack (%s)", count(answers))
                .isLessThanOrEqualTo(VICTIM_GAP);
        assertThat(management.scrape().sum("http_server_requests_seconds_count", Map.of("status", "500")))
                .as("answers counted as 500").isZero();
        // By the server's own clock: each stream it ended for its client held the exchange no longer
        // than the request's work may take and the stalled-stream timeout.
        String attackerId = attacker.id();
        List<AccessLog.Line> abandoned = AccessLog.lines(dedicated.server().logText()).stream()
                .filter(line -> line.keyId().equals(attackerId) && line.status() == 499).toList();
        // Streams of a connection the server ends with a GOAWAY (its overhead protection) end with it.
        assertThat(abandoned).as("the attacker's streams the server ended, logged as abandoned (499)").isNotEmpty();
        assertThat(abandoned).as("how long the server held each stalled stream")
                .allSatisfy(line -> assertThat(line.duration()).isLessThanOrEqualTo(within(WORK_BOUND.plus(STALL_BOUND),
                        Duration.ofSeconds(5))));
    }

    /** The longest stretch from {@code from} to {@code to} with no 200 answered to the victim. */
    private static Duration longestWithoutA200(List<Answer> answers, Instant from, Instant to) {
        List<Instant> served = new ArrayList<>(answers.stream().filter(answer -> answer.status() == 200).map(Answer::at)
                .filter(at -> at.isAfter(from) && at.isBefore(to)).sorted().toList());
        served.addFirst(from);
        served.add(to);
        Duration longest = Duration.ZERO;
        for (int i = 1; i < served.size(); i++) {
            Duration gap = Duration.between(served.get(i - 1), served.get(i));
            longest = gap.compareTo(longest) > 0 ? gap : longest;
        }
        return longest;
    }

    /** Sends new zero-window requests on every connection until each holds its share; reopens a closed connection. */
    private static int renew(List<RawHttp2> connections, List<List<Integer>> held, AtomicInteger sent, int port)
            throws IOException {
        int holding = 0;
        for (int c = 0; c < connections.size(); c++) {
            RawHttp2 connection = connections.get(c);
            List<Integer> streams = held.get(c);
            if (!connection.isOpen()) {
                connection.goAwayCode().ifPresent(code -> GOAWAYS.merge(code, 1, Integer::sum));
                connection.close();
                connection = RawHttp2.connect(port, 0);
                connections.set(c, connection);
                streams.clear();
            }
            RawHttp2 current = connection;
            streams.removeIf(current::ended);
            try {
                while (streams.size() < STREAMS_PER_CONNECTION) {
                    streams.add(connection.send("GET", attackPath(sent.getAndIncrement()),
                            "authorization: Bearer " + attacker.key(), "accept: application/json"));
                }
            } catch (IOException endedMeanwhile) {
                // The server ended the connection since it was looked at: a new one next round.
                connection.close();
            }
            holding += (int) streams.stream().filter(stream -> !current.ended(stream)).count();
        }
        return holding;
    }

    /** The attacker's streams whose answer's headers came: the server did their work. */
    private static int answeredStreams(List<RawHttp2> connections, List<List<Integer>> held) {
        int answered = 0;
        for (int c = 0; c < connections.size(); c++) {
            RawHttp2 connection = connections.get(c);
            answered += (int) held.get(c).stream().filter(connection::headersReceived).count();
        }
        return answered;
    }

    private static int openStreams(List<RawHttp2> connections, List<List<Integer>> held) {
        int open = 0;
        for (int c = 0; c < connections.size(); c++) {
            RawHttp2 connection = connections.get(c);
            open += (int) held.get(c).stream().filter(stream -> !connection.ended(stream)).count();
        }
        return open;
    }

    /** A well-behaved partner: list pages and searches in turn, a few a second, until the attack ends. */
    private static void callAsVictim(int port, int client, long until, List<Answer> answers) throws Exception {
        HttpClient http = HttpClient.newBuilder()
                .sslContext(LocalTls.trustingEverything())
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        for (int n = client; System.nanoTime() < until; n += 4) {
            String path = n % 2 == 0 ? SEARCH + SEARCH_TERMS.get(n / 2 % SEARCH_TERMS.size()) : LIST + (1 + n % 50);
            HttpRequest request = HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + port + path))
                    .header("Authorization", "Bearer " + victim)
                    .header("Accept", "application/json")
                    .timeout(tolerance(Duration.ofSeconds(30)))
                    .GET().build();
            try {
                HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
                answers.add(new Answer(Instant.now(), response.statusCode(), response.headers().firstValue("Retry-After").isPresent()));
            } catch (IOException e) {
                answers.add(new Answer(Instant.now(), -1, false));
            }
            Thread.sleep(200);
        }
    }

    private static Map<Integer, Long> count(List<Answer> answers) {
        return answers.stream().collect(java.util.stream.Collectors.groupingBy(Answer::status, java.util.TreeMap::new,
                java.util.stream.Collectors.counting()));
    }
}
