package com.prospectdata.pipeline.ratelimit;

import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.redis.lettuce.cas.LettuceBasedProxyManager;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.tracing.MicrometerTracing;
import io.micrometer.observation.ObservationRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Buckets in Redis (Bucket4j's compare-and-swap over Lettuce), so every instance draws from the
 * same bucket. When Redis cannot be reached the request is counted on a local bucket instead:
 * limits stay roughly right and nothing fails. The outage is logged once a minute, and Redis is
 * tried again every few seconds, so the store recovers by itself.
 */
class RedisRateLimitStore implements RateLimitStore, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RedisRateLimitStore.class);
    private static final Duration RETRY_AFTER_FAILURE = Duration.ofSeconds(5);
    private static final Duration LOG_EVERY = Duration.ofMinutes(1);
    private static final String KEY_PREFIX = "cpd:rate-limit:";

    private final ClientResources resources;
    private final RedisClient client;
    private final LocalRateLimitStore fallback = new LocalRateLimitStore();
    private final Clock clock;
    private final AtomicReference<ProxyManager<String>> buckets = new AtomicReference<>();
    private volatile StatefulRedisConnection<String, byte[]> connection;
    private volatile Instant redisDownUntil = Instant.MIN;
    /** Set by a failed command, cleared by the next that succeeds: between retries Redis is still down. */
    private volatile boolean redisFailed;
    private final AtomicReference<Instant> lastOutageLog = new AtomicReference<>(Instant.MIN);

    public RedisRateLimitStore(String redisUrl, Duration commandTimeout, Clock clock) {
        this(redisUrl, commandTimeout, clock, ObservationRegistry.NOOP);
    }

    /** {@code observations}: one span per Redis command, a child of the request's span. */
    RedisRateLimitStore(String redisUrl, Duration commandTimeout, Clock clock, ObservationRegistry observations) {
        this.clock = clock;
        RedisURI uri = RedisURI.create(redisUrl);
        uri.setTimeout(commandTimeout);
        ClientResources.Builder resources = ClientResources.builder();
        if (!observations.isNoop()) {
            // Without the command's arguments: they are the bucket's key and its state.
            resources.tracing(new MicrometerTracing(observations, "prospect-api-rate-limit", false));
        }
        this.resources = resources.build();
        this.client = RedisClient.create(this.resources, uri);
        // Fail fast while disconnected instead of queueing: a request must not wait for Redis.
        this.client.setOptions(ClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(commandTimeout))
                .socketOptions(SocketOptions.builder().connectTimeout(commandTimeout).build())
                .build());
    }

    @Override
    public ConsumptionProbe tryConsume(String bucketId, int hourlyLimit, int tokens) {
        Instant now = clock.instant();
        if (now.isBefore(redisDownUntil)) {
            return fallback.tryConsume(bucketId, hourlyLimit, tokens);
        }
        try {
            ConsumptionProbe probe = Buckets.take(proxyManager().builder()
                    .build(KEY_PREFIX + bucketId, () -> Buckets.hourly(hourlyLimit)), tokens);
            redisFailed = false;
            return probe;
        } catch (RuntimeException e) {
            redisDownUntil = now.plus(RETRY_AFTER_FAILURE);
            redisFailed = true;
            // Requests fail together when Redis goes: only the one that moves the time on logs.
            Instant lastLogged = lastOutageLog.get();
            if (now.isAfter(lastLogged.plus(LOG_EVERY)) && lastOutageLog.compareAndSet(lastLogged, now)) {
                log.warn("Redis is unreachable for rate limiting; counting on this instance's local buckets until it is back: {}",
                        e.toString());
            }
            return fallback.tryConsume(bucketId, hourlyLimit, tokens);
        }
    }

    /**
     * Whether requests are counted on this instance's local buckets, Redis being unreachable: from
     * a failed command until one succeeds, so that the gauge an alert reads stays up for the whole
     * outage, not only for the seconds after each failed retry.
     */
    boolean countingLocally() {
        return redisFailed;
    }

    private ProxyManager<String> proxyManager() {
        ProxyManager<String> manager = buckets.get();
        if (manager != null) {
            return manager;
        }
        synchronized (this) {
            if (buckets.get() == null) {
                connection = client.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE));
                buckets.set(LettuceBasedProxyManager.builderFor(connection)
                        .withExpirationStrategy(ExpirationAfterWriteStrategy
                                .basedOnTimeForRefillingBucketUpToMax(Duration.ofMinutes(1)))
                        .build());
                log.info("Rate limits are shared through Redis");
            }
            return buckets.get();
        }
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.close();
        }
        client.shutdown();
        resources.shutdown();
    }
}
