package com.prospectdata.data.reuse;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Results kept while the data they were read from cannot have changed (docs/api-rules.md §1,
 * "Validators and freshness"): every entry is filed under the caller's organization and that
 * organization's data version as the request read it before its queries ran, which the caller
 * hands over: this class reads no version itself. A write raises the version of
 * every organization whose data it changes, and a version is used at most
 * {@code app.data-version.max-age} after it was read, so an entry is not served once a write
 * committed longer ago than that; and no organization can reach another's entries, since the
 * organization is part of every key.
 *
 * <p>Requests that need the same missing entry at once wait for the one that reads it instead of
 * running the same queries side by side (a popular search right after an import). Failures are
 * not kept: the next request tries again.
 */
@Component
public class ResultReuse {

    private record Key(UUID organization, long version, Object request) {
    }

    /** A kept result and what it is estimated to take of the heap. */
    private record Kept(Object value, long bytes) {
    }

    /** A key, its value and the record of both in the cache, beside the caller's own estimate. */
    private static final long ENTRY_OVERHEAD_BYTES = 160;

    private final boolean enabled;
    private final Cache<Key, Kept> kept;
    private final ConcurrentMap<Key, CompletableFuture<Object>> reading = new ConcurrentHashMap<>();

    public ResultReuse(ReuseProperties settings, MeterRegistry meters) {
        this.enabled = settings.enabled();
        this.kept = Caffeine.newBuilder()
                .maximumWeight(settings.maxSize().toBytes())
                .weigher((Key key, Kept entry) -> (int) Math.min(Integer.MAX_VALUE, entry.bytes()))
                .recordStats()
                .build();
        CaffeineCacheMetrics.monitor(meters, kept, "reused_results");
        Gauge.builder("api.reused_results.size", this, ResultReuse::keptBytes)
                .description("Estimated heap taken by the pages and totals kept for reuse; at most app.reuse.max-size")
                .baseUnit("bytes")
                .register(meters);
    }

    /** The estimated heap the kept results take now. */
    public long keptBytes() {
        kept.cleanUp();
        return kept.policy().eviction().map(eviction -> eviction.weightedSize().orElse(0)).orElse(0L);
    }

    /**
     * The organization's results at the data version {@code version} gives, which is asked only
     * when reuse is on: a scope that keeps nothing when reuse is off or no recent version is known
     * (the database unreachable, a command without the version poller).
     */
    public Scope forOrganization(UUID organization, Supplier<OptionalLong> version) {
        return new Scope(organization, enabled ? version.get() : OptionalLong.empty());
    }

    /** An estimate of the heap a string takes: its header, its array's header and one byte a character (compact strings). */
    public static long bytesOf(@Nullable String text) {
        return text == null ? 0 : 56 + text.length();
    }

    /** One organization's results at one data version, read once when the scope was made. */
    public final class Scope {

        private final UUID organization;
        private final OptionalLong version;

        private Scope(UUID organization, OptionalLong version) {
            this.organization = organization;
            this.version = version;
        }

        /** A result kept for this request, if there is one. */
        @SuppressWarnings("unchecked")
        public <T> Optional<T> kept(Object request) {
            if (version.isEmpty()) {
                return Optional.empty();
            }
            Kept entry = kept.getIfPresent(key(request));
            return entry == null ? Optional.empty() : Optional.of((T) entry.value());
        }

        /** Keeps a result read at this scope's version. */
        public <T> void keep(Object request, T value, ToLongFunction<? super T> bytes) {
            if (version.isPresent()) {
                kept.put(key(request), new Kept(value, ENTRY_OVERHEAD_BYTES + bytes.applyAsLong(value)));
            }
        }

        /**
         * The kept result for this request, or the one {@code read} returns now, kept for the
         * next request. Exceptions from {@code read} reach the caller, and every caller waiting
         * for the same result, and are not kept.
         */
        @SuppressWarnings("unchecked")
        public <T> T get(Object request, ToLongFunction<? super T> bytes, Supplier<T> read) {
            if (version.isEmpty()) {
                return read.get();
            }
            Key key = key(request);
            Kept entry = kept.getIfPresent(key);
            if (entry != null) {
                return (T) entry.value();
            }
            CompletableFuture<Object> mine = new CompletableFuture<>();
            CompletableFuture<Object> running = reading.putIfAbsent(key, mine);
            if (running != null) {
                return (T) awaitOther(running);
            }
            try {
                T value = read.get();
                kept.put(key, new Kept(value, ENTRY_OVERHEAD_BYTES + bytes.applyAsLong(value)));
                mine.complete(value);
                return value;
            } catch (RuntimeException | Error e) {
                mine.completeExceptionally(e);
                throw e;
            } finally {
                reading.remove(key, mine);
            }
        }

        private Key key(Object request) {
            return new Key(organization, version.getAsLong(), request);
        }
    }

    private static Object awaitOther(CompletableFuture<Object> running) {
        try {
            return running.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }
}
