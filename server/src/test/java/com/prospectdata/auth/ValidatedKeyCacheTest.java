package com.prospectdata.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ValidatedKeyCacheTest {

    @Test
    void startUpRefusesATtlLongerThanTheRevocationPromise() {
        assertThatThrownBy(() -> new ValidatedKeyCache(Duration.ofSeconds(61), 10))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("app.auth.cache-ttl");
        new ValidatedKeyCache(Duration.ofSeconds(60), 10);
    }

    @Test
    void aLookupIsAnsweredFromTheCacheWithinTheTtl() {
        ValidatedKeyCache cache = new ValidatedKeyCache(Duration.ofSeconds(30), 10);
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
        ValidatedKeyCache cache = new ValidatedKeyCache(Duration.ZERO, 10);
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
