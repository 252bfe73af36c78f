package com.prospectdata.pipeline.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ValidatedKeyCacheTest {

    private static ValidatedKeyCache withTtl(Duration ttl) {
        return new ValidatedKeyCache(new AuthProperties(ttl, 10, 30), new io.micrometer.core.instrument.simple.SimpleMeterRegistry());
    }

    @Test
    void aLookupIsAnsweredFromTheCacheWithinTheTtl() {
        ValidatedKeyCache cache = withTtl(Duration.ofSeconds(30));
        AtomicInteger databaseCalls = new AtomicInteger();
        byte[] hash = ApiKeyFormat.sha256("cpd_test_x");
        for (int i = 0; i < 5; i++) {
            cache.lookup(hash, () -> {
                databaseCalls.incrementAndGet();
                return new KeyLookup.Unknown();
            });
        }
        assertThat(databaseCalls).hasValue(1);
    }

    @Test
    void aZeroTtlAsksTheDatabaseEveryTime() {
        ValidatedKeyCache cache = withTtl(Duration.ZERO);
        AtomicInteger databaseCalls = new AtomicInteger();
        byte[] hash = ApiKeyFormat.sha256("cpd_test_y");
        for (int i = 0; i < 3; i++) {
            cache.lookup(hash, () -> {
                databaseCalls.incrementAndGet();
                return new KeyLookup.Revoked();
            });
        }
        assertThat(databaseCalls).hasValue(3);
    }
}
