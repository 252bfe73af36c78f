package com.prospectdata.contract.support;

import com.prospectdata.testing.Fixture;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.awaitility.Awaitility;

/**
 * Whether a server serves again after an outage, as a partner sees it: {@code GET /health}
 * answers 200 and so does an authenticated read.
 */
public final class Serving {

    /** A read every fixture has: a company of the key's organization. */
    public static final String READ = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;

    private static final HttpClient CLIENT = HttpClient.newBuilder().sslContext(LocalTls.trustingEverything())
            .connectTimeout(Duration.ofSeconds(5)).build();

    private Serving() {
    }

    /**
     * Polls both every 100 ms until they answer 200, for up to {@code tolerance} (scaled by the
     * time factor): serving again is an eventuality here, and a test whose rule is a bound on it
     * reads that bound on the server's clock ({@link ServerClock}).
     */
    public static void await(ServerProcess server, String key, Duration tolerance) {
        Awaitility.await("GET /health and an authenticated read of " + server.name() + " answer 200")
                .atMost(TimeFactor.tolerance(tolerance)).pollInterval(Duration.ofMillis(100))
                .until(() -> status(server, "/health", null) == 200 && status(server, READ, key) == 200);
    }

    /** The status of a GET, 0 when none came within 10 s. */
    public static int status(ServerProcess server, String path, String key) throws InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.baseUri() + path))
                .timeout(Duration.ofSeconds(10)).GET();
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        try {
            return CLIENT.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 0;
        }
    }
}
