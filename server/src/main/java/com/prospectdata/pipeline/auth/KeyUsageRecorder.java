package com.prospectdata.pipeline.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Records {@code last_used_at} at most once a minute per key and off the request path: the
 * timestamp is bookkeeping and must never slow down or fail the request it describes.
 */
@Component
class KeyUsageRecorder implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KeyUsageRecorder.class);
    static final Duration INTERVAL = Duration.ofMinutes(1);

    private final ApiKeyQueries keys;
    private final Clock clock;
    private final Map<UUID, Instant> lastRecorded = new ConcurrentHashMap<>();
    private final ExecutorService writer = Executors.newVirtualThreadPerTaskExecutor();

    public KeyUsageRecorder(ApiKeyQueries keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    public void used(UUID keyId) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        Instant previous = lastRecorded.get(keyId);
        if (previous != null && now.isBefore(previous.plus(INTERVAL))) {
            return;
        }
        // Only the thread that wins the swap writes, so a burst of requests makes one update.
        boolean won = previous == null ? lastRecorded.putIfAbsent(keyId, now) == null
                : lastRecorded.replace(keyId, previous, now);
        if (won) {
            writer.execute(() -> {
                try {
                    keys.touch(keyId, now);
                } catch (RuntimeException e) {
                    log.warn("Could not record the use of key {}: {}", keyId, e.toString());
                }
            });
        }
    }

    @Override
    public void close() {
        writer.close();
    }
}
