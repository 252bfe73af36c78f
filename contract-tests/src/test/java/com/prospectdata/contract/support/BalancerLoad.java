package com.prospectdata.contract.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A steady load of GETs from a number of threads, each waiting for its answer before the next,
 * going through the given URIs in turn: counted by outcome (a status, or the exception that took
 * the place of one), with the answers slower than 2 s and 5 s, the longest, and the 503s that
 * came without {@code Retry-After}.
 */
public final class BalancerLoad {

    private static final Duration SLOW = Duration.ofSeconds(2);
    private static final Duration HANG = Duration.ofSeconds(5);

    private final int threadCount;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final ConcurrentMap<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();
    private final AtomicInteger slow = new AtomicInteger();
    private final AtomicInteger hung = new AtomicInteger();
    private final AtomicInteger unavailableWithoutRetryAfter = new AtomicInteger();
    private final AtomicLong longestNanos = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();
    private final Instant started = Instant.now();
    private volatile Instant stopped;

    private BalancerLoad(int threadCount) {
        this.threadCount = threadCount;
    }

    /** Starts {@code threadCount} threads, each going through {@code uris} in turn from its own place, with {@code key}. */
    public static BalancerLoad start(HttpClient http, List<String> uris, String key, int threadCount) {
        BalancerLoad load = new BalancerLoad(threadCount);
        List<HttpRequest> requests = uris.stream()
                .map(uri -> HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(10))
                        .header("Authorization", "Bearer " + key).GET().build())
                .toList();
        for (int i = 0; i < threadCount; i++) {
            int first = i;
            load.threads.add(Thread.ofPlatform().name("load-" + i).start(() -> {
                for (int n = first; load.running.get(); n++) {
                    if (!load.send(http, requests.get(n % requests.size()))) {
                        return;
                    }
                }
            }));
        }
        return load;
    }

    private boolean send(HttpClient http, HttpRequest request) {
        long begun = System.nanoTime();
        String outcome;
        try {
            HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
            outcome = Integer.toString(response.statusCode());
            if (response.statusCode() == 503 && response.headers().firstValue("Retry-After").isEmpty()) {
                unavailableWithoutRetryAfter.incrementAndGet();
            }
        } catch (IOException e) {
            outcome = e.getClass().getSimpleName();
        } catch (InterruptedException e) {
            return false;
        }
        long took = System.nanoTime() - begun;
        longestNanos.accumulateAndGet(took, Math::max);
        if (took > SLOW.toNanos()) {
            slow.incrementAndGet();
        }
        if (took > HANG.toNanos()) {
            hung.incrementAndGet();
        }
        outcomes.computeIfAbsent(outcome, ignored -> new AtomicInteger()).incrementAndGet();
        return true;
    }

    public void stop() throws InterruptedException {
        running.set(false);
        for (Thread thread : threads) {
            thread.join(15_000);
        }
        stopped = Instant.now();
    }

    public int ok() {
        return count("200");
    }

    public int count(String outcome) {
        AtomicInteger counted = outcomes.get(outcome);
        return counted == null ? 0 : counted.get();
    }

    public int total() {
        return outcomes.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /** Everything but 200. */
    public int failed() {
        return total() - ok();
    }

    /** Answers with a 5xx status. */
    public int serverErrors() {
        return outcomes.entrySet().stream().filter(e -> e.getKey().startsWith("5")).mapToInt(e -> e.getValue().get()).sum();
    }

    /** Failures that are neither a 503 nor a 200: other statuses, and exceptions in place of an answer. */
    public int failedOtherwiseThanUnavailable() {
        return failed() - count("503");
    }

    public int unavailableWithoutRetryAfter() {
        return unavailableWithoutRetryAfter.get();
    }

    public int slowerThanTwoSeconds() {
        return slow.get();
    }

    public int longerThanFiveSeconds() {
        return hung.get();
    }

    public Duration longest() {
        return Duration.ofNanos(longestNanos.get());
    }

    private Map<String, Integer> outcomes() {
        Map<String, Integer> sorted = new TreeMap<>();
        outcomes.forEach((outcome, count) -> sorted.put(outcome, count.get()));
        return sorted;
    }

    @Override
    public String toString() {
        Instant end = stopped == null ? Instant.now() : stopped;
        double seconds = Duration.between(started, end).toMillis() / 1000.0;
        return String.format("%s over %.1f s (%.0f requests/s, %d threads), %d 5xx, %d over 2 s, longest %.2f s",
                outcomes(), seconds, total() / seconds, threadCount, serverErrors(), slowerThanTwoSeconds(),
                longest().toMillis() / 1000.0);
    }
}
