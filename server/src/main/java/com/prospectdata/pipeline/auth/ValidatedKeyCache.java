package com.prospectdata.pipeline.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.util.HexFormat;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Remembers what the database said about a key hash for at most {@code app.auth.cache-ttl}, so
 * a busy key costs no query per request. The TTL bounds how long a revocation takes to reach
 * every instance, and the contract promises one minute ({@link AuthProperties} refuses more).
 */
@Component
class ValidatedKeyCache {

    private final Cache<String, KeyLookup> lookups;

    public ValidatedKeyCache(AuthProperties settings, MeterRegistry meters) {
        this.lookups = Caffeine.newBuilder()
                .expireAfterWrite(settings.cacheTtl())
                .maximumSize(settings.cacheSize())
                .recordStats()
                .build();
        // cache_gets_total{cache="api_keys",result="hit"|"miss"}, its size and evictions (docs/OPERATIONS.md).
        CaffeineCacheMetrics.monitor(meters, lookups, "api_keys");
    }

    KeyLookup lookup(byte[] keyHash, Supplier<KeyLookup> database) {
        // Looked up outside the cache's lock: concurrent requests with the same new key must not
        // queue behind one another's database lookup (during an outage each would wait in turn).
        String hash = HexFormat.of().formatHex(keyHash);
        KeyLookup cached = lookups.getIfPresent(hash);
        if (cached != null) {
            return cached;
        }
        KeyLookup found = database.get();
        lookups.put(hash, found);
        return found;
    }
}
