package com.prospectdata.pipeline.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.errors.ServiceUnavailableException;
import com.prospectdata.core.openapi.ApiOperations;
import com.prospectdata.core.openapi.OpenApiDocument;
import com.prospectdata.core.openapi.OperationTraits.WorkKind;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.OperationFilter;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.pipeline.streaming.RunningExports;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.FilterChain;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * A key may have only its share of each kind's slots in progress: with two list slots and a
 * share of half, one key's second list page waits for its first (and is refused when that does
 * not end in time) while another key's page, and the same key's point lookups, go ahead.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class KeyShareFilterTest {

    private static final String LIST = "/api/v1/companies/";
    private static final String LOOKUP = "/api/v1/companies/c1";
    private static final OperationFilter FRONT_DOOR = new OperationFilter(ApiOperations.of(OpenApiDocument.fromClasspath()));
    private static final FilterChain SERVED = (request, response) -> ((MockHttpServletResponse) response).setStatus(200);

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final AuthenticatedKey first = key();
    private final AuthenticatedKey second = key();
    private final CountDownLatch holding = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final ExecutorService clients = Executors.newCachedThreadPool();
    /** Holds its share until released. */
    private final FilterChain holdsItsShare = (request, response) -> {
        holding.countDown();
        try {
            release.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        ((MockHttpServletResponse) response).setStatus(200);
    };

    private static AuthenticatedKey key() {
        return new AuthenticatedKey(UUID.randomUUID(), UUID.randomUUID(), Tier.PRO, 1000, List.of("companies:read"),
                null);
    }

    /** Two list slots, a key's share half of them: one list page; the longest wait as given. */
    private static KeyShareFilter filter(Duration maxWait, SimpleMeterRegistry meters) {
        return new KeyShareFilter(new LoadProperties(1, 2, 64, 2, maxWait, 1000, 50, Duration.ofSeconds(10),
                Duration.ofSeconds(2), Duration.ofSeconds(2)), new RunningExports(), meters);
    }

    @AfterEach
    void releaseEverything() {
        release.countDown();
        clients.shutdownNow();
    }

    private record Outcome(int status, OptionalLong deadline) {
    }

    /** Through the front door first, which resolves the operation, and with the caller accepted as authentication would. */
    private static Outcome send(KeyShareFilter filter, AuthenticatedKey caller, String path, FilterChain chain) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
        MockHttpServletResponse response = new MockHttpServletResponse();
        AtomicReference<RequestContext> context = new AtomicReference<>();
        try {
            FRONT_DOOR.doFilter(request, response, (resolved, answered) -> {
                context.set(RequestContext.of(resolved));
                context.get().acceptCaller(caller);
                filter.doFilter(resolved, answered, chain);
            });
        } catch (ServiceUnavailableException refused) {
            assertThat(refused.getMessage()).isEqualTo(ApiException.KEY_SHARE_IN_USE);
            assertThat(refused.retryAfterSeconds()).isEqualTo(1);
            return new Outcome(503, context.get().deadline());
        }
        return new Outcome(response.getStatus(), context.get().deadline());
    }

    private CompletableFuture<Outcome> sendAsync(KeyShareFilter filter, AuthenticatedKey caller, String path, FilterChain chain) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return send(filter, caller, path, chain);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, clients);
    }

    @Test
    void aKeyBeyondItsShareIsRefusedWhileOtherKeysAndOtherKindsGoAhead() throws Exception {
        KeyShareFilter filter = filter(Duration.ZERO, meters);
        CompletableFuture<Outcome> held = sendAsync(filter, first, LIST, holdsItsShare);
        assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();

        assertThat(send(filter, first, LIST, SERVED).status()).as("the same key's second list page").isEqualTo(503);
        assertThat(send(filter, second, LIST, SERVED).status()).as("another key's list page").isEqualTo(200);
        assertThat(send(filter, first, LOOKUP, SERVED).status()).as("the same key's point lookup").isEqualTo(200);
        assertThat(meters.get("api.load.key_share.refused").tag("kind", "list").counter().count()).isEqualTo(1);
        assertThat(meters.get("api.load.key_share.refused").tag("kind", "light").counter().count()).isZero();

        release.countDown();
        assertThat(held.get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
        assertThat(send(filter, first, LIST, SERVED).status()).as("its share is free again").isEqualTo(200);
    }

    @Test
    void aKeyBeyondItsShareWaitsForItsOwnEarlierRequestAndGetsADeadline() throws Exception {
        KeyShareFilter filter = filter(Duration.ofSeconds(20), meters);
        CompletableFuture<Outcome> held = sendAsync(filter, first, LIST, holdsItsShare);
        assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Outcome> waiting = sendAsync(filter, first, LIST, SERVED);
        Thread.sleep(200);
        assertThat(waiting).as("waits for the key's own earlier page").isNotDone();
        release.countDown();

        Outcome served = waiting.get(10, TimeUnit.SECONDS);
        assertThat(served.status()).isEqualTo(200);
        assertThat(served.deadline()).as("a request that waited must be answered by its deadline").isPresent();
        assertThat(held.get(10, TimeUnit.SECONDS).deadline()).as("one that did not wait has none").isEmpty();
    }

    @Test
    void aShareIsAtLeastOneSlotAndNeverMoreThanTheSlots() {
        LoadProperties halfOfOne = new LoadProperties(1, 1, 64, 2, Duration.ZERO, 1000, 50, Duration.ofSeconds(10),
                Duration.ofSeconds(2), Duration.ofSeconds(2));
        LoadProperties all = new LoadProperties(3, 8, 64, 2, Duration.ZERO, 1000, 100, Duration.ofSeconds(10),
                Duration.ofSeconds(2), Duration.ofSeconds(2));

        assertThat(halfOfOne.keyShareOf(WorkKind.HEAVY)).isEqualTo(1);
        assertThat(halfOfOne.keyShareOf(WorkKind.LIGHT)).isEqualTo(32);
        assertThat(all.keyShareOf(WorkKind.HEAVY)).isEqualTo(3);
        assertThat(all.keyShareOf(WorkKind.LIST)).isEqualTo(8);
    }
}
