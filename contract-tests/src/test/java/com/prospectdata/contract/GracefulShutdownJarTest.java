package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.DatabaseFaults;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.testing.Fixture;
import io.restassured.response.Response;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * SIGTERM with requests in flight (docs/OPERATIONS.md, "Shutdown"): the requests complete with
 * their answers, new connections are refused, nothing gets a 5xx, and the process exits within
 * the shutdown timeout. The requests are kept in flight by a lock on the companies table, taken
 * from outside and released a second after the signal; so the class runs alone.
 */
@Isolated
class GracefulShutdownJarTest extends ContractTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final int IN_FLIGHT = 6;
    /** The shutdown timeout the server is given: the bound of its exit, a rule. */
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(20);

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("graceful-shutdown")
            .argument("--spring.lifecycle.timeout-per-shutdown-phase=" + SHUTDOWN_TIMEOUT.toSeconds() + "s"));

    private static Response get(String path) {
        return dedicated.server().validRequest().header("Authorization", "Bearer " + keys().main()).get(path);
    }

    /** What a new request gets: "refused", "no answer" (within 3 s) or its status. */
    private static String newRequestDuringShutdown(ServerProcess server) throws InterruptedException {
        HttpClient client = HttpClient.newBuilder().sslContext(LocalTls.trustingEverything())
                .connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.baseUri() + COMPANY))
                .header("Authorization", "Bearer " + keys().main()).timeout(Duration.ofSeconds(3)).GET().build();
        try {
            return Integer.toString(client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode());
        } catch (HttpTimeoutException e) {
            return "no answer";
        } catch (IOException e) {
            return "refused";
        }
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void requestsInFlightCompleteNewOnesAreRefusedAndTheProcessExits() throws Exception {
        ServerProcess server = dedicated.server();
        assertThat(get(COMPANY).statusCode()).isEqualTo(200);
        Management management = Management.of(server);
        List<CompletableFuture<Response>> inFlight;
        OptionalInt exit;
        // A thread each: the common pool has a single thread on a 2-core machine.
        ExecutorService clients = Executors.newFixedThreadPool(IN_FLIGHT);
        try (DatabaseFaults.Fault lock = environment().databaseFaults().lockTable("company")) {
            inFlight = IntStream.range(0, IN_FLIGHT)
                    .mapToObj(i -> CompletableFuture.supplyAsync(() -> get(COMPANY), clients)).toList();
            await("the requests are in flight").atMost(TimeFactor.tolerance(Duration.ofSeconds(10)))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> management.scrape().sum("api_load_in_flight", Map.of("kind", "light")) >= IN_FLIGHT);

            server.terminate();
            // The scenario: the server has had SIGTERM a while, and is draining, when it is looked at.
            Thread.sleep(500);
            assertThat(server.isAlive()).as("the server waits for its requests").isTrue();
            String newcomer = newRequestDuringShutdown(server);
            assertThat(newcomer).as("a new request while the server drains").isIn("refused", "no answer", "503");
            assertThat(inFlight).as("none answered while the database is locked").noneMatch(CompletableFuture::isDone);
        }
        for (CompletableFuture<Response> request : inFlight) {
            Response response = request.get(30, TimeUnit.SECONDS);
            assertThat(response.statusCode()).as("a request in flight at SIGTERM: %s", response.asString()).isEqualTo(200);
        }
        exit = server.awaitExit(TimeFactor.within(SHUTDOWN_TIMEOUT, Duration.ofSeconds(10)));
        assertThat(exit).as("the process exits within the shutdown timeout").isPresent();

        assertThat(newRequestDuringShutdown(server)).as("after shutdown a new request finds no server").isEqualTo("refused");
        clients.shutdownNow();
    }
}
