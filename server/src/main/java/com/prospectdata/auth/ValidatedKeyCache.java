package com.prospectdata.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.HexFormat;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Remembers what the database said about a key hash for at most {@code app.auth.cache-ttl}, so
 * a busy key costs no query per request. The TTL bounds how long a revocation takes to reach
 * every instance, and the contract promises one minute: start-up refuses more than 60 s.
 */
@Component
public class ValidatedKeyCache {

    public static final Duration MAX_TTL = Duration.ofSeconds(60);

    private final Cache<String, KeyLookup> lookups;

    public ValidatedKeyCache(@Value("${app.auth.cache-ttl}") Duration ttl,
                             @Value("${app.auth.cache-size}") long maximumSize) {
        if (ttl.isNegative() || ttl.compareTo(MAX_TTL) > 0) {
            throw new IllegalStateException("app.auth.cache-ttl must be between 0s and 60s, so that a revoked key"
                    + " is refused everywhere within a minute; it is " + ttl.toSeconds() + "s");
        }
        this.lookups = Caffeine.newBuilder()
                .expireAfterWrite(ttl)
                .maximumSize(maximumSize)
                .build();
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
