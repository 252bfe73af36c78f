package com.prospectdata.contract.support;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Durations as the server measured them, for the tests whose rule is a duration (a deadline, a
 * statement timeout, a recovery bound): the client's clock also counts the connection, the
 * scheduling of the test's own threads and whatever else the shared machine does, the server's
 * does not. A request sent with {@link #newRequestId() a request id of its own} (header
 * {@code X-Request-Id}) is found by it in the server's text access line, whose
 * {@code duration_ms} runs from the request's arrival to its answer; an event the server logs is
 * dated by {@link #loggedAt the timestamp its line starts with}.
 */
public final class ServerClock {

    public static final String REQUEST_ID_HEADER = "X-Request-Id";
    private static final Duration LOGGED = Duration.ofSeconds(10);
    private static final Pattern DURATION = Pattern.compile(" duration_ms=(\\d+) ");
    private static final Pattern ANY_ACCESS_LINE = Pattern.compile("request_id=(\\S+) .*? duration_ms=(\\d+) ");

    private ServerClock() {
    }

    /** A request id the server keeps as sent, to find the request's access line by. */
    public static String newRequestId() {
        return "contract-" + UUID.randomUUID();
    }

    /** How long the server took to answer the request {@code requestId}, by its access line. */
    public static Duration took(ServerProcess server, String requestId) {
        Matcher duration = DURATION.matcher(accessLine(server, requestId));
        if (!duration.find()) {
            throw new IllegalStateException("No duration_ms in the access line of request " + requestId);
        }
        return Duration.ofMillis(Long.parseLong(duration.group(1)));
    }

    /** When the server answered the request {@code requestId}: when it logged its access line. */
    public static Instant answeredAt(ServerProcess server, String requestId) {
        return loggedAt(accessLine(server, requestId));
    }

    private static String accessLine(ServerProcess server, String requestId) {
        String id = "request_id=" + requestId + " ";
        return await("the access line of request " + requestId).atMost(TimeFactor.tolerance(LOGGED))
                .until(() -> server.logText().lines().filter(line -> line.contains(id) && line.contains(" duration_ms=")).findFirst(),
                        Optional::isPresent)
                .orElseThrow();
    }

    /**
     * How long the server took to answer each of {@code requestIds}, by request id, once its access
     * log has them all: a line is written once the exchange is over, which can be just after its
     * client has the answer. After the tolerance, what the log has then (the caller's assertion
     * names what is missing).
     */
    public static Map<String, Duration> tookByRequestId(ServerProcess server, Collection<String> requestIds) {
        AtomicReference<Map<String, Duration>> read = new AtomicReference<>(Map.of());
        try {
            await("the access lines of " + requestIds.size() + " requests").atMost(TimeFactor.tolerance(LOGGED))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> {
                        read.set(tookByRequestId(server));
                        return read.get().keySet().containsAll(requestIds);
                    });
        } catch (ConditionTimeoutException missing) {
            // read holds the last reading
        }
        return read.get();
    }

    /** How long the server took to answer each request of its access log so far, by request id. */
    private static Map<String, Duration> tookByRequestId(ServerProcess server) {
        Map<String, Duration> took = new HashMap<>();
        Matcher matcher = ANY_ACCESS_LINE.matcher(server.logText());
        while (matcher.find()) {
            took.put(matcher.group(1), Duration.ofMillis(Long.parseLong(matcher.group(2))));
        }
        return took;
    }

    /**
     * When the server logged the first line after its first {@code skipLines} lines that contains
     * {@code text}, waiting for it up to {@code tolerance} (scaled by the time factor).
     */
    public static Instant awaitLine(ServerProcess server, long skipLines, String text, Duration tolerance) {
        String line = await("a line saying \"" + text + "\" in " + server.log()).atMost(TimeFactor.tolerance(tolerance))
                .until(() -> server.logText().lines().skip(skipLines).filter(candidate -> candidate.contains(text)).findFirst(),
                        Optional::isPresent)
                .orElseThrow();
        return loggedAt(line);
    }

    /** How many lines the server's log has so far: what {@link #awaitLine} skips to read only what follows. */
    public static long lines(ServerProcess server) {
        return server.logText().lines().count();
    }

    /** The timestamp a text log line starts with, e.g. {@code 2026-01-31T12:00:00.123Z  INFO ...}. */
    public static Instant loggedAt(String line) {
        return Instant.parse(line.substring(0, line.indexOf(' ')));
    }
}
