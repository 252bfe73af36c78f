package com.prospectdata.contract;

import static com.prospectdata.contract.support.HeavySlot.assertBusy;
import static com.prospectdata.contract.support.HeavySlot.awaitInFlight;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.DatabaseFaults;
import com.prospectdata.contract.support.DatabaseServer;
import com.prospectdata.contract.support.FixtureKey;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Overload protection (docs/OPERATIONS.md, "Overload") on a server of its own with one slot for
 * heavy work, no wait for it, and a statement timeout of 5 s: while the companies table is
 * locked from outside, a search holds the one slot until PostgreSQL cancels it (503), a second
 * search (another key's, so that its own share is no matter) is shed at once (503), both with
 * {@code Retry-After}; afterwards everything is served.
 * Locks a table of the shared database, so it runs alone.
 */
@Tag(DatabaseServer.TAG)
@Isolated
class OverloadJarTest extends ContractTest {

    private static final String SEARCH = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&search=logistik";
    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("overload")
            .argument("--app.load.heavy-concurrency=1")
            .argument("--app.load.max-wait=0s")
            .argument("--app.load.statement-timeout=5s"));

    /**
     * The second search's key: with the main key's, it would be refused for the key's share of
     * the one heavy slot (load/KeyShareFilter) before it met the slot this test is about.
     */
    private static String otherKey;

    @BeforeAll
    static void issueOtherKey() {
        otherKey = environment().key(FixtureKey.of(Fixture.ORG_OURS).label("OverloadJarTest")).key();
    }

    private static final Duration STATEMENT_TIMEOUT = Duration.ofSeconds(5);

    private static Response get(String path) {
        return get(path, keys().main(), ServerClock.newRequestId());
    }

    private static Response get(String path, String key) {
        return get(path, key, ServerClock.newRequestId());
    }

    private static Response get(String path, String key, String requestId) {
        return dedicated.server().validRequest().header("Authorization", "Bearer " + key)
                .header(ServerClock.REQUEST_ID_HEADER, requestId).get(path);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aSecondSearchIsShedAtOnceAndTheFirstIsCancelledByTheStatementTimeout() throws Exception {
        Management management = Management.of(dedicated.server());
        Map<String, String> heavy = Map.of("kind", "heavy");
        double shedBefore = management.scrape().sum("api_load_shed_total", heavy);
        String firstId = ServerClock.newRequestId();
        Response first;
        Response second;
        try (ExecutorService client = Executors.newSingleThreadExecutor();
             DatabaseFaults.Fault lock = environment().databaseFaults().lockTable("company")) {
            CompletableFuture<Response> holding = CompletableFuture.supplyAsync(() -> get(SEARCH, keys().main(), firstId), client);
            awaitInFlight(management, 1);

            second = get(SEARCH, otherKey);
            assertThat(holding).as("shed at once, not queued behind the first").isNotDone();

            // Answered while the table is still locked: not left to wait for the lock.
            first = holding.get(30, TimeUnit.SECONDS);
        }

        assertBusy(second);
        assertBusy(first);
        assertThat(ServerClock.took(dedicated.server(), firstId)).as("cancelled by the statement timeout (5 s), on the server's clock")
                .isBetween(STATEMENT_TIMEOUT.minusSeconds(1), TimeFactor.within(STATEMENT_TIMEOUT, Duration.ofSeconds(15)));
        assertThat(management.scrape().sum("api_load_shed_total", heavy) - shedBefore).isEqualTo(1);

        assertThat(get(SEARCH).statusCode()).as("the slot is free again").isEqualTo(200);
        assertThat(get(COMPANY).statusCode()).isEqualTo(200);
        assertThat(management.scrape().sum("api_load_in_flight", heavy)).isEqualTo(0);
    }
}
