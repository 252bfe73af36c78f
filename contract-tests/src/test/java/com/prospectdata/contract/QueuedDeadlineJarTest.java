package com.prospectdata.contract;

import static com.prospectdata.contract.support.HeavySlot.assertBusy;
import static com.prospectdata.contract.support.HeavySlot.awaitInFlight;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.DatabaseFaults;
import com.prospectdata.contract.support.DatabaseServer;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.ServerClock;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.testing.Fixture;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A request that waited for its slot must be answered within {@code app.load.queued-deadline} of
 * its arrival (docs/OPERATIONS.md, "Overload"), on a server of its own with one heavy slot, a
 * wait of up to 3 s, a deadline of 4 s and a statement timeout of 6 s. With tables locked from
 * outside: a deep jobs page that queued behind a search gets the slot when the search ends and is
 * cancelled at its deadline (503), not at the statement timeout; the same page finding the slot
 * free is bound by the statement timeout alone. Locks tables of the shared database, so it runs
 * alone.
 */
@Tag(DatabaseServer.TAG)
@Isolated
class QueuedDeadlineJarTest extends ContractTest {

    private static final String SEARCH = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&search=logistik";
    private static final String DEEP_JOBS = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs?offset=1000";

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("queued-deadline")
            .argument("--app.load.heavy-concurrency=1")
            .argument("--app.load.max-wait=3s")
            .argument("--app.load.queued-deadline=4s")
            .argument("--app.load.statement-timeout=6s"));

    private static final Duration QUEUED_DEADLINE = Duration.ofSeconds(4);
    private static final Duration STATEMENT_TIMEOUT = Duration.ofSeconds(6);

    private static Response get(String path) {
        return get(path, ServerClock.newRequestId());
    }

    private static Response get(String path, String requestId) {
        return dedicated.server().validRequest().header("Authorization", "Bearer " + keys().main())
                .header(ServerClock.REQUEST_ID_HEADER, requestId).get(path);
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void aRequestThatQueuedIsCancelledAtItsDeadlineAndOneThatDidNotRunsToTheStatementTimeout() throws Exception {
        Management management = Management.of(dedicated.server());
        String queuedId = ServerClock.newRequestId();
        Response search;
        Response queued;
        try (ExecutorService clients = Executors.newFixedThreadPool(2);
             DatabaseFaults.Fault jobsLocked = environment().databaseFaults().lockTable("job")) {
            DatabaseFaults.Fault companiesLocked = environment().databaseFaults().lockTable("company");
            boolean companiesReleased = false;
            try {
                CompletableFuture<Response> holding = CompletableFuture.supplyAsync(() -> get(SEARCH), clients);
                awaitInFlight(management, 1);
                CompletableFuture<Response> waiting = CompletableFuture.supplyAsync(() -> get(DEEP_JOBS, queuedId), clients);
                // The scenario: the deep page spends a while of its deadline in the queue.
                Thread.sleep(1_000);
                assertThat(waiting).as("queued behind the search").isNotDone();
                companiesLocked.close();
                companiesReleased = true;
                search = holding.get(30, TimeUnit.SECONDS);
                queued = waiting.get(30, TimeUnit.SECONDS);
            } finally {
                if (!companiesReleased) {
                    companiesLocked.close();
                }
            }
            assertThat(search.statusCode()).as("the search ends once its table is free").isEqualTo(200);
            assertBusy(queued);

            String unqueuedId = ServerClock.newRequestId();
            Response unqueued = get(DEEP_JOBS, unqueuedId);
            assertBusy(unqueued);

            // On the server's clock, from each request's arrival to its answer.
            Duration queuedTook = ServerClock.took(dedicated.server(), queuedId);
            Duration unqueuedTook = ServerClock.took(dedicated.server(), unqueuedId);
            assertThat(unqueuedTook).as("found the slot free: bound by the statement timeout (6 s) alone, not the deadline")
                    .isBetween(STATEMENT_TIMEOUT.minusMillis(500), TimeFactor.within(STATEMENT_TIMEOUT, Duration.ofSeconds(14)));
            assertThat(queuedTook).as("cancelled at its deadline (4 s from its arrival)")
                    .isBetween(QUEUED_DEADLINE.minusMillis(500), TimeFactor.within(QUEUED_DEADLINE, Duration.ofSeconds(10)));
            // Its statement started a second or more after its arrival: had the statement timeout
            // ended it instead of the deadline, it would have taken longer than the one that did not queue.
            assertThat(queuedTook).as("ended by its deadline, before a statement timeout would have ended it")
                    .isLessThan(unqueuedTook);
        }

        assertThat(get(DEEP_JOBS).statusCode()).as("served once the table is free").isEqualTo(200);
        assertThat(management.scrape().sum("api_load_in_flight", Map.of("kind", "heavy"))).isEqualTo(0);
    }
}
