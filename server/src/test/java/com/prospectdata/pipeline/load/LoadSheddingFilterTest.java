package com.prospectdata.pipeline.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.core.errors.ServiceUnavailableException;
import com.prospectdata.core.openapi.ApiOperations;
import com.prospectdata.core.openapi.OpenApiDocument;
import com.prospectdata.pipeline.OperationFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.FilterChain;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * Each kind of work has slots of its own: with the list slots taken, another page of the
 * companies list is shed while a point lookup and a search still find theirs.
 */
class LoadSheddingFilterTest {

    private static final String LIST = "/api/v1/companies/";
    private static final String LOOKUP = "/api/v1/companies/c1";
    private static final OperationFilter FRONT_DOOR = new OperationFilter(ApiOperations.of(OpenApiDocument.fromClasspath()));
    private static final FilterChain SERVED = (request, response) -> ((MockHttpServletResponse) response).setStatus(200);

    private final List<RuntimeException> refusals = new CopyOnWriteArrayList<>();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    /** One slot of each kind, and no wait for one. */
    private final LoadSheddingFilter filter = new LoadSheddingFilter(
            new LoadProperties(1, 1, 1, 2, Duration.ZERO, 1000, 100, Duration.ofSeconds(10), Duration.ofSeconds(2),
                    Duration.ofSeconds(2)),
            meters);

    private static MockHttpServletRequest get(String path, String query) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
        if (query != null) {
            request.setQueryString(query);
            String[] pair = query.split("=", 2);
            request.addParameter(pair[0], pair[1]);
        }
        return request;
    }

    /** Through the front door first, which resolves the operation whose traits give the kind of work. */
    private int status(MockHttpServletRequest request, FilterChain chain) throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        try {
            FRONT_DOOR.doFilter(request, response, (resolved, answered) -> filter.doFilter(resolved, answered, chain));
        } catch (ServiceUnavailableException refused) {
            refusals.add(refused);
            return 503;
        }
        return response.getStatus();
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aListPageBeyondTheListSlotsIsShedWhileLookupsAndSearchesAreServed() throws Exception {
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        FilterChain holdsItsSlot = (request, response) -> {
            holding.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        ExecutorService client = Executors.newSingleThreadExecutor();
        try {
            CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> {
                try {
                    return status(get(LIST, "limit=50"), holdsItsSlot);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, client);
            assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(meters.get("api.load.in_flight").tag("kind", "list").gauge().value()).isEqualTo(1);

            assertThat(status(get(LIST, "offset=50"), SERVED)).as("a second list page").isEqualTo(503);
            assertThat(status(get(LOOKUP, null), SERVED)).as("a point lookup").isEqualTo(200);
            assertThat(status(get(LIST, "search=hamburg"), SERVED)).as("a search").isEqualTo(200);

            release.countDown();
            assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo(200);
        } finally {
            release.countDown();
            client.shutdownNow();
        }
        assertThat(refusals).singleElement().isInstanceOf(ServiceUnavailableException.class);
        assertThat(meters.get("api.load.shed").tag("kind", "list").counter().count()).isEqualTo(1);
        assertThat(meters.get("api.load.shed").tag("kind", "light").counter().count()).isZero();
        assertThat(status(get(LIST, "limit=50"), SERVED))
                .as("the slot is free again").isEqualTo(200);
    }
}
