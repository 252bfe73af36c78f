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
import java.util.concurrent.atomic.AtomicReference;

/**
 * A steady load of GETs from a number of threads, each waiting for its answer, then {@link #PAUSE},
 * before the next, going through the given URIs in turn: counted by outcome (a status, or the
 * exception that took the place of one), with the 503s that came without {@code Retry-After}
 * and when the last 200 was answered. What it counts are properties (what was answered, and in
 * which order); how fast is bench/ha's and bench/scale-out's business.
 */
public final class BalancerLoad {

    /**
     * Between a thread's answer and its next request. Without it the threads would take whatever
     * CPU the machine has left, for as long as a fault lasts, and every other process of the run
     * would go slower; with it the load still keeps requests in flight on every instance.
     */
    static final Duration PAUSE = Duration.ofMillis(50);

    private final int threadCount;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final ConcurrentMap<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();
    private final AtomicInteger unavailableWithoutRetryAfter = new AtomicInteger();
    private final AtomicReference<Instant> lastOk = new AtomicReference<>();
    private final List<Thread> threads = new ArrayList<>();

    private BalancerLoad(int threadCount) {
        this.threadCount = threadCount;
    }

    /**
     * Starts {@code threadCount} threads, each going through {@code uris} in turn from its own
     * place, with {@code key}; a request unanswered after {@code timeout} counts as lost.
     */
    public static BalancerLoad start(HttpClient http, List<String> uris, String key, int threadCount, Duration timeout) {
        BalancerLoad load = new BalancerLoad(threadCount);
        List<HttpRequest> requests = uris.stream()
                .map(uri -> HttpRequest.newBuilder(URI.create(uri)).timeout(timeout)
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
        String outcome;
        try {
            HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
            outcome = Integer.toString(response.statusCode());
            if (response.statusCode() == 200) {
                lastOk.set(Instant.now());
            }
            if (response.statusCode() == 503 && response.headers().firstValue("Retry-After").isEmpty()) {
                unavailableWithoutRetryAfter.incrementAndGet();
            }
        } catch (IOException e) {
            outcome = e.getClass().getSimpleName();
        } catch (InterruptedException e) {
            return false;
        }
        outcomes.computeIfAbsent(outcome, ignored -> new AtomicInteger()).incrementAndGet();
        try {
            Thread.sleep(PAUSE);
        } catch (InterruptedException e) {
            return false;
        }
        return true;
    }

    public void stop() throws InterruptedException {
        running.set(false);
        for (Thread thread : threads) {
            thread.join(Duration.ofMinutes(1));
        }
    }

    public int threads() {
        return threadCount;
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

    /** Failures that are neither a 503 nor a 200: other statuses, and exceptions in place of an answer. */
    public int failedOtherwiseThanUnavailable() {
        return failed() - count("503");
    }

    public int unavailableWithoutRetryAfter() {
        return unavailableWithoutRetryAfter.get();
    }

    /** When a 200 was last answered, by the client's clock; null before the first. */
    public Instant lastOk() {
        return lastOk.get();
    }

    private Map<String, Integer> outcomes() {
        Map<String, Integer> sorted = new TreeMap<>();
        outcomes.forEach((outcome, count) -> sorted.put(outcome, count.get()));
        return sorted;
    }

    @Override
    public String toString() {
        return String.format("%s from %d threads, %d 503s without Retry-After", outcomes(), threadCount,
                unavailableWithoutRetryAfter());
    }
}
