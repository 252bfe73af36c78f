package com.prospectdata.contract.support;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Polls a server's liveness probe ({@code /actuator/health/liveness} on its management port)
 * every 200 ms from its start to its {@link #close()}, and keeps every answer that was not 200:
 * what an orchestrator would have taken as a reason to restart the process. It starts once the
 * probe has answered 200: Spring Boot reports the process live only once it has started, a
 * moment after {@code GET /health} first answers.
 */
public final class LivenessWatch implements AutoCloseable {

    private static final Duration INTERVAL = Duration.ofMillis(200);

    private final Management management;
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final Thread poller;
    private volatile boolean watching = true;

    private LivenessWatch(Management management) {
        this.management = management;
        awaitLive(management);
        this.poller = Thread.ofVirtual().name("liveness-watch").start(this::poll);
    }

    private static void awaitLive(Management management) {
        await("the liveness probe answers 200").atMost(TimeFactor.tolerance(Duration.ofSeconds(30)))
                .pollDelay(Duration.ZERO).pollInterval(INTERVAL)
                .until(() -> management.get("/actuator/health/liveness").statusCode() == 200);
    }

    public static LivenessWatch of(ServerProcess server) {
        return new LivenessWatch(Management.of(server));
    }

    private void poll() {
        while (watching) {
            try {
                var answer = management.get("/actuator/health/liveness");
                if (answer.statusCode() != 200) {
                    failures.add(Instant.now() + ": " + answer.statusCode() + " " + answer.body());
                }
            } catch (RuntimeException e) {
                failures.add(Instant.now() + ": " + e.getMessage());
            }
            try {
                Thread.sleep(INTERVAL);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The answers other than 200 so far, with when they came. */
    public List<String> failures() {
        return List.copyOf(failures);
    }

    @Override
    public void close() throws InterruptedException {
        watching = false;
        poller.join(Duration.ofSeconds(15));
    }
}
