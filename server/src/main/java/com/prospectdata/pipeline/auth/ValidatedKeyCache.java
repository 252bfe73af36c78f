package com.prospectdata.pipeline.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.time.Duration;
import java.util.HexFormat;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Remembers what the database said about a key hash, so a busy key costs no query per request,
 * for at most {@code app.auth.cache-ttl} after the moment the answer stood in the primary. That
 * bounds how long a revocation takes to reach every instance, and the contract promises one
 * minute ({@link AuthProperties} refuses more). An answer read at the primary is that recent; one
 * read at a replica (while the primary does not answer) may be older by the replica's staleness
 * bound, and is kept that much less.
 */
@Component
class ValidatedKeyCache {

    /** What a lookup found, and how long before now it may have been true at the primary. */
    record Answer(KeyLookup lookup, Duration staleness) {
    }

    private record Kept(KeyLookup lookup, Duration trustedFor) {
    }

    private final Duration ttl;
    private final Cache<String, Kept> lookups;

    @Autowired
    public ValidatedKeyCache(AuthProperties settings, MeterRegistry meters) {
        this(settings, meters, Ticker.systemTicker());
    }

    ValidatedKeyCache(AuthProperties settings, MeterRegistry meters, Ticker ticker) {
        this.ttl = settings.cacheTtl();
        this.lookups = Caffeine.newBuilder()
                .ticker(ticker)
                .expireAfter(new Expiry<String, Kept>() {
                    @Override
                    public long expireAfterCreate(String key, Kept value, long currentTime) {
                        return value.trustedFor().toNanos();
                    }

                    @Override
                    public long expireAfterUpdate(String key, Kept value, long currentTime, long currentDuration) {
                        return value.trustedFor().toNanos();
                    }

                    @Override
                    public long expireAfterRead(String key, Kept value, long currentTime, long currentDuration) {
                        return currentDuration;
                    }
                })
                .maximumSize(settings.cacheSize())
                .recordStats()
                .build();
        // cache_gets_total{cache="api_keys",result="hit"|"miss"}, its size and evictions (docs/OPERATIONS.md).
        CaffeineCacheMetrics.monitor(meters, lookups, "api_keys");
    }

    KeyLookup lookup(byte[] keyHash, Supplier<Answer> database) {
        // Looked up outside the cache's lock: concurrent requests with the same new key must not
        // queue behind one another's database lookup (during an outage each would wait in turn).
        String hash = HexFormat.of().formatHex(keyHash);
        Kept cached = lookups.getIfPresent(hash);
        if (cached != null) {
            return cached.lookup();
        }
        Answer found = database.get();
        Duration trustedFor = ttl.minus(found.staleness());
        if (trustedFor.isPositive()) {
            lookups.put(hash, new Kept(found.lookup(), trustedFor));
        }
        return found.lookup();
    }
}
