package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
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
 * it, for a minute; meanwhile another key's list pages and searches are served as if nothing
 * happened. A slot covers the work, not the client's reading, and each key may hold only its
 * share of an instance's slots; the stalled streams end within the documented bound.
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
    private static final Duration ATTACK = Duration.ofSeconds(Long.getLong("contract.fair-shares.seconds", 60));
    /** app.stalled-stream-timeout's default, after which a stream the client does not read is reset. */
    private static final Duration STALL_BOUND = Duration.ofSeconds(10);
    private static final int CONNECTIONS = 4;
    private static final int STREAMS_PER_CONNECTION = 16;
    /** The error codes of the GOAWAYs that ended the attacker's connections, and how many of each. */
    private static final Map<Integer, Integer> GOAWAYS = new ConcurrentHashMap<>();

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("fair-shares"));

    private static String attacker;
    private static String victim;

    @BeforeAll
    static void issueKeys() {
        attacker = issue("FairSharesJarTest zero window");
        victim = issue("FairSharesJarTest victim");
    }

    private static String issue(String label) {
        return environment().deployment().operatorCommands()
                .run("keys", "issue", "--org", Fixture.ORG_OURS, "--tier", "enterprise", "--rate-limit", "1000000",
                        "--label", label)
                .requireSuccess().field("key");
    }

    /** The attacker's requests, in turn: searches (heavy) and pages of the list (list). */
    private static String attackPath(int n) {
        return n % 2 == 0 ? SEARCH + SEARCH_TERMS.get(n / 2 % SEARCH_TERMS.size()) : LIST + (1 + n % 50);
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void zeroWindowStreamsOfOneKeyLeaveAnotherKeysPagesAndSearchesServed() throws Exception {
        int port = dedicated.server().port();
        List<RawHttp2> connections = new ArrayList<>();
        List<List<Integer>> held = new ArrayList<>();
        AtomicInteger sent = new AtomicInteger();
        int mostHeld = 0;
        List<Long> victimMillis = Collections.synchronizedList(new ArrayList<>());
        List<Integer> victimStatuses = Collections.synchronizedList(new ArrayList<>());
        try (ExecutorService victims = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < CONNECTIONS; c++) {
                connections.add(RawHttp2.connect(port, 0));
                held.add(new ArrayList<>());
            }
            long attackEnds = System.nanoTime() + ATTACK.toNanos();
            // The attacker's streams first, so that they hold whatever they can before the victim asks.
            mostHeld = renew(connections, held, sent, port);
            Thread.sleep(1500);
            List<Future<?>> running = new ArrayList<>();
            for (int v = 0; v < 4; v++) {
                int client = v;
                running.add(victims.submit(() -> {
                    callAsVictim(port, client, attackEnds, victimStatuses, victimMillis);
                    return null;
                }));
            }
            while (System.nanoTime() < attackEnds) {
                mostHeld = Math.max(mostHeld, renew(connections, held, sent, port));
                Thread.sleep(100);
            }
            for (Future<?> client : running) {
                client.get(30, TimeUnit.SECONDS);
            }

            // No more renewals: every stalled stream must now end within the bound, reset by the server.
            long deadline = System.nanoTime() + STALL_BOUND.plusSeconds(5).toNanos();
            int open = openStreams(connections, held);
            while (open > 0 && System.nanoTime() < deadline) {
                Thread.sleep(200);
                open = openStreams(connections, held);
            }
            assertThat(open).as("stalled streams still open %s after the attack stopped", STALL_BOUND.plusSeconds(5))
                    .isZero();
        } finally {
            connections.forEach(RawHttp2::close);
        }

        List<Long> sorted = victimMillis.stream().sorted().toList();
        long p99 = sorted.isEmpty() ? 0 : sorted.get((int) Math.ceil(sorted.size() * 0.99) - 1);
        log.info("Zero-window attack of {}: the attacker sent {} requests and held up to {} streams at once (connections ended by "
                + "GOAWAY, by code: {}); the victim's {} requests: {}, p99 {} ms", ATTACK, sent.get(), mostHeld, GOAWAYS,
                victimStatuses.size(), count(victimStatuses), p99);
        assertThat(mostHeld).as("zero-window streams the attacker held at once").isGreaterThanOrEqualTo(50);
        assertThat(sent.get()).as("zero-window requests the attacker sent").isGreaterThanOrEqualTo(100);
        long served = victimStatuses.stream().filter(status -> status == 200).count();
        assertThat(victimStatuses).as("the victim's requests").hasSizeGreaterThan(200);
        assertThat((double) served / victimStatuses.size())
                .as("share of the victim's %d requests answered 200 (statuses: %s)", victimStatuses.size(), count(victimStatuses))
                .isGreaterThanOrEqualTo(0.99);
        assertThat(p99).as("the victim's p99 in ms").isLessThan(1000);
        assertThat(Management.of(dedicated.server()).scrape().sum("http_server_requests_seconds_count",
                Map.of("status", "500"))).as("answers counted as 500").isZero();
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
                            "authorization: Bearer " + attacker, "accept: application/json"));
                }
            } catch (IOException endedMeanwhile) {
                // The server ended the connection since it was looked at: a new one next round.
                connection.close();
            }
            holding += (int) streams.stream().filter(stream -> !current.ended(stream)).count();
        }
        return holding;
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
    private static void callAsVictim(int port, int client, long until, List<Integer> statuses, List<Long> millis)
            throws Exception {
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
                    .timeout(Duration.ofSeconds(10))
                    .GET().build();
            long started = System.nanoTime();
            int status;
            try {
                status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            } catch (IOException e) {
                status = -1;
            }
            millis.add((System.nanoTime() - started) / 1_000_000);
            statuses.add(status);
            Thread.sleep(200);
        }
    }

    private static Map<Integer, Long> count(List<Integer> statuses) {
        return statuses.stream().collect(java.util.stream.Collectors.groupingBy(s -> s, java.util.TreeMap::new,
                java.util.stream.Collectors.counting()));
    }
}
