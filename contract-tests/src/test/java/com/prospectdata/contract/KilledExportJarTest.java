package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.PausedHttp11Export;
import com.prospectdata.contract.support.RawHttp2;
import com.prospectdata.contract.support.ServerProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An export cut on the way is seen as cut, by its client and by the operator
 * (docs/api-rules.md §14, docs/OPERATIONS.md "Logs"): a 5,000-company search of an organization of
 * its own, imported with the jar's {@code import}, is exported from a server of this class's own.
 * <ol>
 * <li>Its client leaves after the first lines, over HTTP/1.1: the access line says 499 and the
 * request metrics count a 499, never a 200.</li>
 * <li>Clients above the floor on a client's pace finish it, clients below it are cut, on both
 * protocols.</li>
 * <li>The server is killed (SIGKILL) once the first line has arrived: the transfer fails; it never
 * ends as if it were whole.</li>
 * </ol>
 * (The walk of a search by cursor while writes land is CursorWalkWhileWritingWebTest's, in
 * process; an export cut by its database, EmbeddedDatabaseRecoveryJarTest's.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KilledExportJarTest extends ContractTest {

    private static final Logger log = LoggerFactory.getLogger(KilledExportJarTest.class);
    private static final String ORGANIZATION = "0c000000-0000-4000-8000-00000000000c";
    private static final String SEARCH = "5c100000-0000-4000-8000-0000000000c1";
    private static final String EXPORT = "/api/v1/prospect-searches/" + SEARCH + "/companies/export";
    private static final String EXPORT_ROUTE = "/api/v1/prospect-searches/{prospect_search_id}/companies/export";
    private static final int COMPANIES = 5_000;
    private static final Pattern ACCESS_STATUS = Pattern.compile(" status=(\\d{3}) ");
    private final Random random = new Random(34);
    private String key;
    /** A key of its own for the export its client leaves: a key runs one export at a time. */
    private String leavingKey;
    private Path files;
    private ServerProcess server;

    @BeforeAll
    void aSearchOfItsOwn() throws IOException {
        files = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target/contract/killed-export");
        Files.createDirectories(files);
        List<String> lines = new ArrayList<>();
        lines.add("{\"type\":\"organization\",\"id\":\"" + ORGANIZATION + "\",\"name\":\"Killed export\"}");
        lines.add("{\"type\":\"prospect_search\",\"id\":\"" + SEARCH + "\",\"organization_id\":\"" + ORGANIZATION
                + "\",\"name\":\"Five thousand companies\"}");
        for (int i = 0; i < COMPANIES; i++) {
            lines.add(company(UUID.randomUUID().toString()));
        }
        importLines("initial", lines);
        key = environment().key(FixtureKey.of(ORGANIZATION).enterprise(100_000)).key();
        leavingKey = environment().key(FixtureKey.of(ORGANIZATION).enterprise(100_000).label("client leaves")).key();
        // The floor on a client's pace, averaged over 5 s rather than a minute: the rule, not its
        // default window, is what the pace test checks.
        server = ServerProcess.onSharedDatabase("export-killed").argument("--app.streaming.min-rate=64KB")
                .argument("--app.streaming.rate-window=5s").start();
    }

    @AfterAll
    void stopTheServer() {
        if (server != null) {
            server.close();
        }
    }

    /** A company with a score of one decimal (many ties, broken by name and id) and two contacts. */
    private String company(String id) {
        double score = random.nextInt(101) / 10.0;
        String name = "Company " + random.nextInt(700);
        return String.format(Locale.ROOT, "{\"type\":\"company\",\"id\":\"%s\",\"prospect_search_id\":\"%s\",\"name\":\"%s\","
                + "\"city\":\"Leipzig\",\"country\":\"Germany\",\"business_type\":\"Software\",\"website\":\"https://example.com\","
                + "\"match_score\":%.1f,\"review_status\":\"pending\",\"contacts\":[{\"id\":\"%s\",\"name\":\"Ada Lovelace\","
                + "\"email\":\"ada@example.com\"},{\"id\":\"%s\",\"name\":\"Alan Turing\"}]}",
                id, SEARCH, name, score, UUID.randomUUID(), UUID.randomUUID());
    }

    private void importLines(String name, List<String> lines) throws IOException {
        Path file = files.resolve(name + ".jsonl");
        Files.write(file, lines, StandardCharsets.UTF_8);
        environment().operatorCommands().run("import", file.toString()).requireSuccess();
    }

    @Test
    @Order(1)
    void anExportItsClientLeavesIsLoggedAndCountedAsCut() throws Exception {
        try (PausedHttp11Export export = PausedHttp11Export.begin(server.port(), EXPORT, leavingKey)) {
            assertThat(export.status()).isEqualTo(200);
            assertThat(export.read(64 * 1024).bytes()).as("some of the body came").isPositive();
        }
        List<String> accessLines = await().atMost(Duration.ofSeconds(60)).until(() -> server.logText().lines()
                .filter(line -> line.contains(" access ") && line.contains("operation=exportProspectSearchCompanies")).toList(),
                lines -> !lines.isEmpty());
        Matcher status = ACCESS_STATUS.matcher(accessLines.getFirst());
        assertThat(status.find()).as("an access line with a status: %s", accessLines).isTrue();
        assertThat(status.group(1)).as("the access line of the export its client left").isEqualTo("499");
        Management.Scrape scrape = Management.of(server).scrapeUntil(
                counted -> counted.sum("http_server_requests_seconds_count", Map.of("uri", EXPORT_ROUTE)) > 0,
                Duration.ofSeconds(30));
        assertThat(scrape.sum("http_server_requests_seconds_count", Map.of("uri", EXPORT_ROUTE, "status", "499")))
                .as("the export counted as its client's abort").isEqualTo(1);
        assertThat(scrape.sum("http_server_requests_seconds_count", Map.of("uri", EXPORT_ROUTE, "status", "200")))
                .as("never as a 200").isZero();
    }

    /**
     * Clients above the floor on a client's pace (app.streaming.min-rate, 64 KB/s here over 5 s)
     * get the whole export, on both protocols at once: at 256 KB/s, four times the floor. (Clients
     * below it: EmbeddedDatabaseRecoveryJarTest, whose search is larger than what the kernel's
     * buffers hold of an HTTP/1.1 answer; all of this one fits, so the server never waits on it.)
     */
    @Test
    @Order(2)
    void clientsAboveThePaceFloorGetTheWholeExportOnBothProtocols() throws Exception {
        CompletableFuture<PausedHttp11Export.End> http11 = CompletableFuture.supplyAsync(
                () -> PausedHttp11Export.readAt(server.port(), EXPORT, leavingKey, 256 * 1024));
        RawHttp2.Response http2 = RawHttp2.readAt(server.port(), EXPORT, key, 256 * 1024);
        PausedHttp11Export.End http11End = http11.get(120, TimeUnit.SECONDS);
        log.info("At 256 KB/s: HTTP/2 {} bytes, ended {}; HTTP/1.1 {}", http2.body().length(), http2.ended(), http11End);
        assertThat(http2.ended()).as("HTTP/2 at 256 KB/s: the whole export").isTrue();
        assertThat(http2.body().lines().count()).isEqualTo(Long.parseLong(http2.header("Export-Total")));
        assertThat(http11End.lastChunk()).as("HTTP/1.1 at 256 KB/s: the whole export, %s", http11End).isTrue();
    }

    @Test
    @Order(3)
    void anExportCutByAKilledServerIsSeenAsCut() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(LocalTls.trustingEverything()).connectTimeout(Duration.ofSeconds(10)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.baseUri() + EXPORT
                        + "?include=jobs_summary&include=webtech_summary"))
                .header("Authorization", "Bearer " + key).build();
        HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        assertThat(response.statusCode()).isEqualTo(200);
        long total = Long.parseLong(response.headers().firstValue("Export-Total").orElseThrow());
        assertThat(total).isGreaterThanOrEqualTo(COMPANIES);
        long lines = 0;
        boolean cut = false;
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            assertThat(reader.readLine()).isNotNull();
            lines++;
            server.kill();
            while (reader.readLine() != null) {
                lines++;
            }
        } catch (IOException expected) {
            cut = true;
            log.info("The client saw the cut after {} of {} lines: {}", lines, total, expected.toString());
        }
        assertThat(cut || lines < total).as("a cut export is never read as a whole one (%d of %d lines)", lines, total)
                .isTrue();
        assertThat(cut).as("the client is told: the transfer fails, it does not end").isTrue();
    }
}
