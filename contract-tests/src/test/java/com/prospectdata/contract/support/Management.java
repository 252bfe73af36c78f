package com.prospectdata.contract.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server's management port as an operator's tools read it: plain HTTP on 127.0.0.1, the
 * probes' JSON and the Prometheus text format. Not part of the API contract, so not validated
 * against the document.
 */
public final class Management {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})? (\\S+)$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final String baseUri;

    /** @param baseUri {@code http://127.0.0.1:<management port>} */
    public Management(String baseUri) {
        this.baseUri = baseUri;
    }

    public static Management of(ServerProcess server) {
        return new Management(server.managementUri());
    }

    /** GET {@code path} on the management port: status and body. */
    public HttpResponse<String> get(String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUri + path))
                .timeout(Duration.ofSeconds(10)).GET().build();
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("GET " + baseUri + path + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A sample's value as the text format writes it: a number, or +Inf, -Inf, NaN. */
    private static double value(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    /** The sum of a gauge's series now, or why the scrape failed (a busy instance's timeout, say). */
    public Object gaugeOrFailure(String gauge) {
        try {
            return scrape().sum(gauge, Map.of());
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
    }

    /** Scrapes until the gauge has the value; a scrape that fails counts as not yet. */
    public void awaitGauge(String gauge, double value, Duration bound) throws InterruptedException {
        Instant deadline = Instant.now().plus(bound);
        Object seen;
        while (!Double.valueOf(value).equals(seen = gaugeOrFailure(gauge))) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError(gauge + " on " + baseUri + " stayed " + seen + ", not " + value + ", for " + bound);
            }
            Thread.sleep(100);
        }
    }

    /** The Prometheus scrape, parsed: one sample per series. */
    /**
     * Scrapes until {@code condition} holds, at most for {@code bound}, and returns the last
     * scrape either way, for the caller's assertion to say what it held. A request is counted only
     * after its answer has been sent, so a client can read its answer before the count moves.
     */
    public Scrape scrapeUntil(java.util.function.Predicate<Scrape> condition, Duration bound) throws InterruptedException {
        Instant deadline = Instant.now().plus(bound);
        Scrape scrape = scrape();
        while (!condition.test(scrape) && Instant.now().isBefore(deadline)) {
            Thread.sleep(50);
            scrape = scrape();
        }
        return scrape;
    }

    public Scrape scrape() {
        HttpResponse<String> response = get("/actuator/prometheus");
        if (response.statusCode() != 200) {
            throw new IllegalStateException("The scrape answered " + response.statusCode() + ": " + response.body());
        }
        Map<Series, Double> samples = new LinkedHashMap<>();
        for (String line : response.body().lines().toList()) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher sample = SAMPLE.matcher(line);
            if (!sample.matches()) {
                throw new IllegalStateException("Not a Prometheus sample line: " + line);
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (sample.group(3) != null) {
                Matcher label = LABEL.matcher(sample.group(3));
                while (label.find()) {
                    labels.put(label.group(1), label.group(2));
                }
            }
            samples.put(new Series(sample.group(1), labels), value(sample.group(4)));
        }
        return new Scrape(samples);
    }

    /** A metric name and its labels. */
    public record Series(String name, Map<String, String> labels) {
    }

    /** One scrape's samples. */
    public record Scrape(Map<Series, Double> samples) {

        /** The sum over the series of {@code name} whose labels include {@code labels}; 0 when there are none. */
        public double sum(String name, Map<String, String> labels) {
            return samples.entrySet().stream()
                    .filter(sample -> sample.getKey().name().equals(name)
                            && sample.getKey().labels().entrySet().containsAll(labels.entrySet()))
                    .mapToDouble(Map.Entry::getValue)
                    .sum();
        }

        /** Whether any series is called {@code name}. */
        public boolean has(String name) {
            return samples.keySet().stream().anyMatch(series -> series.name().equals(name));
        }
    }
}
