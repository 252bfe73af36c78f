package com.prospectdata.pipeline.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
                return new ValidatedKeyCache.Answer(new KeyLookup.Unknown(), Duration.ZERO);
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
                return new ValidatedKeyCache.Answer(new KeyLookup.Revoked(), Duration.ZERO);
            });
        }
        assertThat(databaseCalls).hasValue(3);
    }

    @Test
    void anAnswerThatMayBeStaleIsKeptOnlyForWhatRemainsOfTheTtl() {
        AtomicLong nanos = new AtomicLong();
        ValidatedKeyCache cache = new ValidatedKeyCache(new AuthProperties(Duration.ofMillis(400), 10, 30),
                new io.micrometer.core.instrument.simple.SimpleMeterRegistry(), nanos::get);
        AtomicInteger databaseCalls = new AtomicInteger();
        byte[] hash = ApiKeyFormat.sha256("cpd_test_z");
        java.util.function.Supplier<ValidatedKeyCache.Answer> fromReplica = () -> {
            databaseCalls.incrementAndGet();
            return new ValidatedKeyCache.Answer(new KeyLookup.Unknown(), Duration.ofMillis(300));
        };
        cache.lookup(hash, fromReplica);
        cache.lookup(hash, fromReplica);
        assertThat(databaseCalls).as("kept for the 100 ms left").hasValue(1);
        nanos.addAndGet(Duration.ofMillis(99).toNanos());
        cache.lookup(hash, fromReplica);
        assertThat(databaseCalls).hasValue(1);
        nanos.addAndGet(Duration.ofMillis(2).toNanos());
        cache.lookup(hash, fromReplica);
        assertThat(databaseCalls).as("gone after them, though within the TTL").hasValue(2);
    }

    @Test
    void anAnswerAsStaleAsTheTtlIsNotKeptAtAll() {
        ValidatedKeyCache cache = withTtl(Duration.ofSeconds(5));
        AtomicInteger databaseCalls = new AtomicInteger();
        byte[] hash = ApiKeyFormat.sha256("cpd_test_w");
        for (int i = 0; i < 3; i++) {
            cache.lookup(hash, () -> {
                databaseCalls.incrementAndGet();
                return new ValidatedKeyCache.Answer(new KeyLookup.Revoked(), Duration.ofSeconds(7));
            });
        }
        assertThat(databaseCalls).hasValue(3);
    }
}
