package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.RawHttp2;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.testing.Fixture;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Client aborts are the client's doing (docs/OPERATIONS.md, "Logs"): 200 HTTP/2 streams that
 * their client abandons, half reset the moment they are sent and half once the server has sent
 * the answer's headers and waits for a window the client never opens, and a frame on a stream its
 * client has reset, leave no ERROR line and no stack trace in the server's log, no 500 in its access log and no 5xx in its request metrics;
 * the access log gives each abandoned answer status 499, and the server goes on serving.
 *
 * <p>On a server of its own, whose log and metrics hold nothing but this test's requests.
 */
@RunsBesideOthers
@Order(10) // started with the others that run beside the sequence (junit-platform.properties)
class AbandonedStreamsJarTest extends ContractTest {

    private static final Logger log = LoggerFactory.getLogger(AbandonedStreamsJarTest.class);

    private static final int STREAMS = 200;
    private static final Pattern ACCESS_STATUS = Pattern.compile(" status=(\\d{3}) ");

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(
            () -> ServerProcess.onSharedDatabase("abandoned-streams")
                    // What abandoning does is the subject, not shedding: on a machine busy with the
                    // other classes, a request waiting for its key's share must not be shed (503).
                    .argument("--app.load.max-wait=10s")
                    .argument("--app.load.queued-deadline=20s"));

    private static String path(int n) {
        return switch (n % 4) {
            case 0 -> "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&limit=100";
            case 1 -> "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&search=gmbh";
            case 2 -> "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
            default -> "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/webtech-intel";
        };
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void abandonedStreamsAreNeitherErrorsNorFiveHundreds() throws Exception {
        ServerProcess server = dedicated.server();
        breakTheProtocolOnAResetStream(server);
        int abandoned = 0;
        int connections = 0;
        RawHttp2 connection = null;
        try {
            while (abandoned < STREAMS) {
                if (connection == null || !connection.isOpen()) {
                    if (connection != null) {
                        connection.close();
                    }
                    // A zero window: an answer whose headers went out can then send none of its body.
                    connection = RawHttp2.connect(server.port(), 0);
                    connections++;
                }
                try {
                    abandoned += abandonSome(connection, abandoned);
                } catch (IOException closed) {
                    // Tomcat's overhead protection ends a connection that resets more streams than it
                    // asks for; the streams sent on it are abandoned all the same. Go on with a new one.
                }
            }
        } finally {
            if (connection != null) {
                connection.close();
            }
        }
        log.info("Abandoned {} streams on {} connections", abandoned, connections);

        Management management = Management.of(server);
        awaitAllAnswered(server, management);
        assertThat(server.validRequest().header("Authorization", "Bearer " + keys().main())
                .get("/api/v1/companies/" + Fixture.COMPANY_NORDLICHT).statusCode())
                .as("served as ever afterwards").isEqualTo(200);

        String log = server.logText();
        assertThat(log.lines().filter(line -> line.contains(" ERROR ")).toList()).as("ERROR lines").isEmpty();
        assertThat(log.lines().filter(line -> line.startsWith("\tat ") || line.contains("Exception:")).toList())
                .as("stack traces").isEmpty();
        List<Integer> statuses = new ArrayList<>();
        Matcher status = ACCESS_STATUS.matcher(log);
        while (status.find()) {
            statuses.add(Integer.parseInt(status.group(1)));
        }
        assertThat(statuses).as("access-log statuses").doesNotContain(500).contains(499);
        assertThat(statuses.stream().filter(s -> s >= 500).toList()).as("5xx in the access log").isEmpty();
        double fiveHundreds = management.scrape().samples().entrySet().stream()
                .filter(sample -> sample.getKey().name().equals("http_server_requests_seconds_count")
                        && sample.getKey().labels().getOrDefault("status", "").startsWith("5"))
                .mapToDouble(Map.Entry::getValue).sum();
        assertThat(fiveHundreds).as("5xx in the request metrics").isZero();
        assertThat(management.scrape().sum("http_server_requests_seconds_count", Map.of("status", "499")))
                .as("abandoned answers in the request metrics").isPositive();
    }

    /**
     * A client that goes on with a stream it has reset: a window update after its RST_STREAM,
     * which HTTP/2 forbids (RFC 9113, 5.1). The same stream error comes of a client's reset that
     * crosses the server's end of the connection, by chance, in the loop below; here it comes
     * every time, and first, so that the server's log shows how it treats one.
     */
    private static void breakTheProtocolOnAResetStream(ServerProcess server) throws IOException {
        try (RawHttp2 connection = RawHttp2.connect(server.port(), 0)) {
            int stream = connection.send("GET", path(0), "authorization: Bearer " + keys().main(), "accept: application/json");
            connection.cancel(stream);
            connection.openWindow(stream, 1024);
            // The server reads a connection's frames in order: once the next stream's headers are
            // back, it has dealt with the window update. Closed before, the client's socket would
            // be reset with the server's frames unread, and the server might never see it.
            int next = connection.send("GET", path(2), "authorization: Bearer " + keys().main(), "accept: application/json");
            await("the next stream's headers").atMost(TimeFactor.tolerance(Duration.ofSeconds(10)))
                    .until(() -> connection.headersReceived(next) || connection.ended(next));
            connection.cancel(next);
        }
    }

    /**
     * Sends ten requests; resets half of them at once and the other half once their answer's
     * headers have come (their bodies wait for a window that never opens). How many were sent.
     */
    private static int abandonSome(RawHttp2 connection, int abandonedBefore) throws IOException, InterruptedException {
        List<Integer> waitingForHeaders = new ArrayList<>();
        int sent = 0;
        try {
            for (int i = 0; i < 10 && abandonedBefore + sent < STREAMS; i++) {
                int stream = connection.send("GET", path(abandonedBefore + sent),
                        "authorization: Bearer " + keys().main(), "accept: application/json");
                sent++;
                if (stream % 4 == 1) {
                    connection.cancel(stream);
                } else {
                    waitingForHeaders.add(stream);
                }
            }
            // Each is reset as soon as its headers come: until then its key's share of that kind of
            // work is taken, and the next request of the kind waits for it.
            try {
                await().atMost(TimeFactor.tolerance(Duration.ofSeconds(10))).pollInSameThread().pollInterval(Duration.ofMillis(2))
                        .until(() -> {
                            for (Iterator<Integer> waiting = waitingForHeaders.iterator(); waiting.hasNext(); ) {
                                int stream = waiting.next();
                                if (connection.headersReceived(stream) || connection.ended(stream)) {
                                    connection.cancel(stream);
                                    waiting.remove();
                                }
                            }
                            return waitingForHeaders.isEmpty();
                        });
            } catch (ConditionTimeoutException headersStillOutstanding) {
                // Those still waiting for their headers are abandoned below.
            }
            // Abandoned all the same, headers or not.
            for (int stream : waitingForHeaders) {
                connection.cancel(stream);
            }
        } catch (IOException closed) {
            if (sent == 0) {
                throw closed;
            }
        }
        return sent;
    }

    /**
     * Until no request holds a slot and the access log has stopped growing for a second: every
     * abandoned stream the server took up has been dealt with (one reset at once may never be).
     */
    private static void awaitAllAnswered(ServerProcess server, Management management) {
        AtomicLong lines = new AtomicLong(-1);
        await("the abandoned requests end").atMost(TimeFactor.tolerance(Duration.ofSeconds(30))).pollInterval(Duration.ofSeconds(1))
                .until(() -> {
                    long now = server.logText().lines().filter(line -> line.contains(" access ")).count();
                    return lines.getAndSet(now) == now && management.scrape().sum("api_load_in_flight", Map.of()) == 0;
                });
    }
}
