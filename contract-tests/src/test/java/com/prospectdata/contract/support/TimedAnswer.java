package com.prospectdata.contract.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

/**
 * One authenticated GET as the tests of outages see it: when it was sent, how long it took and how
 * it ended, a status or the failure that stood in for one ({@code status} 0). Never throws, so a
 * test can send many at once and judge them together. Its request id finds it in the server's
 * access log ({@link ServerClock#took}), where a duration that is a rule is read.
 */
public record TimedAnswer(String path, String requestId, Instant sent, Duration took, int status, boolean retryAfter,
                          String failure) {

    /** When the answer, or the failure, came. */
    public Instant answered() {
        return sent.plus(took);
    }

    /** Sends {@code GET path} to {@code baseUri} with {@code key}, waiting at most {@code timeout}. */
    public static TimedAnswer get(HttpClient client, String baseUri, String key, String path, Duration timeout) {
        String requestId = ServerClock.newRequestId();
        Instant sent = Instant.now();
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUri + path))
                .header("Authorization", "Bearer " + key).header(ServerClock.REQUEST_ID_HEADER, requestId)
                .timeout(timeout).GET().build();
        try {
            HttpResponse<Void> response = client.send(request, HttpResponse.BodyHandlers.discarding());
            return new TimedAnswer(path, requestId, sent, Duration.between(sent, Instant.now()), response.statusCode(),
                    response.headers().firstValue("Retry-After").isPresent(), null);
        } catch (IOException e) {
            return new TimedAnswer(path, requestId, sent, Duration.between(sent, Instant.now()), 0, false, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new TimedAnswer(path, requestId, sent, Duration.between(sent, Instant.now()), 0, false, "interrupted");
        }
    }
}
