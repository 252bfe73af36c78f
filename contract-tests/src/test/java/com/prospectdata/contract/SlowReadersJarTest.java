package com.prospectdata.contract;

import static com.prospectdata.contract.support.TimeFactor.tolerance;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.ImportLines;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.RawHttp2;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerClock;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Slow clients of an export (docs/api-rules.md §14): a search of about 10 MB, on a server of this
 * class's own at the default settings but one, four export slots instead of two, so that both
 * kinds of client below run at once.
 * <ol>
 * <li>Honest clients at 100 KB/s finish it, over HTTP/1.1 and over HTTP/2 at once: curl with
 * {@code --limit-rate}, a client nobody here wrote, whose kernel takes megabytes ahead of it and
 * reopens its TCP window only once it has read a good part of them, so the server's writes wait
 * tens of seconds at a time (app.write-timeout).</li>
 * <li>Meanwhile two clients far below the pace floor, from two keys, over HTTP/2, which would
 * take hours: with the honest ones they hold every export slot, so a third key's export is told
 * 503 with {@code Retry-After}; retried as told, it is served whole once a slot is free. The
 * floor (app.streaming.min-rate over app.streaming.rate-window) cuts the slow ones, each cut
 * logged as the client's doing (499). The export's snapshot is never held for them: no
 * transaction of the server's stays open for longer than reading the search takes.</li>
 * </ol>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
@RunsBesideOthers
@Order(5) // started first, the longest first (junit-platform.properties)
class SlowReadersJarTest extends ContractTest {

    private static final Logger log = LoggerFactory.getLogger(SlowReadersJarTest.class);
    private static final String ORGANIZATION = "0c000000-0000-4000-8000-0000000000d5";
    private static final String SEARCH = "5c100000-0000-4000-8000-0000000000d5";
    private static final String EXPORT = "/api/v1/prospect-searches/" + SEARCH + "/companies/export";
    /** Companies of five contacts each: about 10 MB of export. */
    private static final int COMPANIES = 8_500;
    /** The server's sessions, as pg_stat_activity names them. */
    private static final String APPLICATION = "slow-readers-jar-test";
    /** The defaults of app.streaming.rate-window and app.write-timeout. */
    private static final Duration RATE_WINDOW = Duration.ofSeconds(60);
    private static final Duration WRITE_TIMEOUT = Duration.ofMinutes(2);
    private static final int EXPORT_SLOTS = 4;

    private final ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor();
    private final List<String> keys = new ArrayList<>();
    private Path files;
    private ServerProcess server;
    private CompletableFuture<CurlRun> honestHttp11;
    private CompletableFuture<CurlRun> honestHttp2;

    @BeforeAll
    void aTenMegabyteSearchOnAServerOfItsOwn() throws IOException {
        files = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target/contract/slow-readers");
        Files.createDirectories(files);
        List<String> lines = new ArrayList<>();
        lines.add(ImportLines.organization(ORGANIZATION, "Slow readers"));
        lines.addAll(ImportLines.largeSearch(SEARCH, ORGANIZATION, "Ten megabytes", COMPANIES, 0xd5L));
        Path file = files.resolve("search.jsonl");
        Files.write(file, lines, StandardCharsets.UTF_8);
        environment().operatorCommands().run("import", file.toString()).requireSuccess();
        for (int i = 0; i < 5; i++) {
            keys.add(environment().key(FixtureKey.of(ORGANIZATION).enterprise(100_000).label("slow readers " + i)).key());
        }
        server = ServerProcess.onSharedDatabase("slow-readers").argument("--app.load.export-concurrency=" + EXPORT_SLOTS)
                .argument("--spring.datasource.hikari.data-source-properties.ApplicationName=" + APPLICATION).start();
    }

    @AfterAll
    void stopTheServer() {
        readers.shutdownNow();
        if (server != null) {
            server.close();
        }
    }

    /** What curl made of the export: its exit status, the headers it got and the lines of the body. */
    private record CurlRun(int exitStatus, String headers, long lines, long bytes, String stderr) {

        String header(String name) {
            return headers.lines().filter(line -> line.toLowerCase(Locale.ROOT).startsWith(name.toLowerCase(Locale.ROOT) + ":"))
                    .map(line -> line.substring(line.indexOf(':') + 1).strip()).findFirst().orElse("");
        }
    }

    private CurlRun curlAt100KBPerSecond(String protocol, String key) throws IOException, InterruptedException {
        Path headers = files.resolve(protocol + ".headers");
        Path body = files.resolve(protocol + ".ndjson");
        Path stderr = files.resolve(protocol + ".stderr");
        Process curl = new ProcessBuilder("curl", "--silent", "--show-error", "--insecure", "--" + protocol,
                "--limit-rate", "100K", "--header", "Authorization: Bearer " + key, "--header", "Accept-Encoding: identity",
                "--dump-header", headers.toString(), "--output", body.toString(), server.baseUri() + EXPORT)
                .redirectErrorStream(false).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr.toFile()).start();
        if (!curl.waitFor(4, TimeUnit.MINUTES)) {
            curl.destroyForcibly();
            throw new AssertionError("curl --" + protocol + " still reading after 4 minutes");
        }
        long lines;
        try (var stream = Files.lines(body, StandardCharsets.UTF_8)) {
            lines = stream.count();
        }
        return new CurlRun(curl.exitValue(), Files.readString(headers, StandardCharsets.UTF_8), lines, Files.size(body),
                Files.readString(stderr, StandardCharsets.UTF_8));
    }

    private CompletableFuture<CurlRun> curlInBackground(String protocol, String key) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return curlAt100KBPerSecond(protocol, key);
            } catch (IOException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, readers);
    }

    @Test
    @Order(1)
    void twoReadersThatWouldTakeHoursFreeTheSlotsAndHoldNoSnapshot() throws Exception {
        long logLines = ServerClock.lines(server);
        Management management = Management.of(server);
        honestHttp11 = curlInBackground("http1.1", keys.get(0));
        honestHttp2 = curlInBackground("http2", keys.get(1));
        await("both honest exports under way").atMost(Duration.ofSeconds(30))
                .until(() -> management.scrape().sum("api_load_in_flight", Map.of("kind", "export")) >= 2);
        // 2 KB/s: 10 MB in about an hour and a half.
        List<CompletableFuture<RawHttp2.Response>> slow = List.of(keys.get(2), keys.get(3)).stream()
                .map(key -> CompletableFuture.supplyAsync(() -> {
                    try {
                        return RawHttp2.readAt(server.port(), EXPORT, key, 2 * 1024);
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, readers)).toList();
        Instant began = Instant.now();
        Duration oldestTransaction = Duration.ZERO;
        List<Integer> thirdKeyStatuses = new ArrayList<>();
        long thirdKeyLines = -1;
        long thirdKeyTotal = -2;
        Instant served = null;
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(LocalTls.trustingEverything()).connectTimeout(Duration.ofSeconds(10)).build();
        await("every export slot taken").atMost(Duration.ofSeconds(30))
                .until(() -> management.scrape().sum("api_load_in_flight", Map.of("kind", "export")) >= EXPORT_SLOTS);
        Instant giveUp = began.plus(tolerance(RATE_WINDOW.plus(WRITE_TIMEOUT)));
        while (served == null && Instant.now().isBefore(giveUp)) {
            for (Duration age : environment().deployment().openTransactionAges(APPLICATION)) {
                oldestTransaction = age.compareTo(oldestTransaction) > 0 ? age : oldestTransaction;
            }
            HttpResponse<InputStream> response = client.send(HttpRequest.newBuilder(URI.create(server.baseUri() + EXPORT))
                    .header("Authorization", "Bearer " + keys.get(4)).build(), HttpResponse.BodyHandlers.ofInputStream());
            thirdKeyStatuses.add(response.statusCode());
            if (response.statusCode() == 200) {
                thirdKeyTotal = Long.parseLong(response.headers().firstValue("Export-Total").orElseThrow());
                try (BufferedReader body = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                    thirdKeyLines = body.lines().count();
                }
                served = Instant.now();
            } else {
                String retryAfter = response.headers().firstValue("Retry-After").orElse("");
                try (InputStream body = response.body()) {
                    body.readAllBytes();
                }
                assertThat(response.statusCode()).as("the third key while the slots are taken").isEqualTo(503);
                assertThat(retryAfter).as("503 says when to retry").matches("[1-9][0-9]*");
                Thread.sleep(Duration.ofSeconds(Long.parseLong(retryAfter)));
            }
        }
        List<RawHttp2.Response> cut = new ArrayList<>();
        for (CompletableFuture<RawHttp2.Response> reader : slow) {
            cut.add(reader.get(tolerance(WRITE_TIMEOUT).toSeconds(), TimeUnit.SECONDS));
        }
        Map<Integer, Long> statuses = thirdKeyStatuses.stream()
                .collect(java.util.stream.Collectors.groupingBy(s -> s, java.util.TreeMap::new, java.util.stream.Collectors.counting()));
        log.info("Two readers at 2 KB/s: {} and {} bytes, reset {} and {}; the third key {} served after {} s; oldest transaction {} ms",
                cut.get(0).body().length(), cut.get(1).body().length(), cut.get(0).resetCode(), cut.get(1).resetCode(), statuses,
                served == null ? "never" : Duration.between(began, served).toSeconds(), oldestTransaction.toMillis());

        assertThat(thirdKeyStatuses).as("the slots were the slow readers'").contains(503);
        assertThat(served).as("the third key served on retry: %s", statuses).isNotNull();
        assertThat(thirdKeyLines).as("served whole").isEqualTo(thirdKeyTotal).isEqualTo(COMPANIES);
        for (RawHttp2.Response reader : cut) {
            assertThat(reader.ended()).as("a slow reader never gets a clean end").isFalse();
            assertThat(reader.resetCode()).as("its stream is reset").isNotNull();
        }
        List<String> since = server.logText().lines().skip(logLines).toList();
        assertThat(since.stream().filter(line -> line.contains("ClientTooSlow"))).as("each cut said once, with why").hasSize(2);
        for (String key : List.of(keys.get(2), keys.get(3))) {
            String keyId = server.validRequest().header("Authorization", "Bearer " + key).get("/api/v1/usage").jsonPath().getString("id");
            assertThat(since.stream().filter(line -> line.contains(" access ") && line.contains(" key_id=" + keyId + " ")))
                    .as("the slow reader's export logged as its own doing").singleElement().asString().contains(" status=499 ");
        }
        // Reading the search takes the database a second or two; a snapshot held for a slow reader
        // would have been open for the minute the floor gave them.
        assertThat(oldestTransaction).as("no transaction held open for the slow readers")
                .isLessThan(tolerance(Duration.ofSeconds(15)));
    }

    @Test
    @Order(2)
    void honestClientsAt100KBPerSecondFinishOnBothProtocols() throws Exception {
        assertThat(honestHttp11).as("started by the test before").isNotNull();
        CurlRun http11 = honestHttp11.get(5, TimeUnit.MINUTES);
        CurlRun http2 = honestHttp2.get(5, TimeUnit.MINUTES);
        log.info("At 100 KB/s: HTTP/1.1 {} bytes, {} lines, exit {}; HTTP/2 {} bytes, {} lines, exit {}", http11.bytes(),
                http11.lines(), http11.exitStatus(), http2.bytes(), http2.lines(), http2.exitStatus());
        for (CurlRun run : List.of(http11, http2)) {
            assertThat(run.exitStatus()).as("curl's exit status: %s", run.stderr()).isZero();
            assertThat(run.headers()).startsWith(run == http2 ? "HTTP/2 200" : "HTTP/1.1 200");
            assertThat(run.bytes()).as("about 10 MB").isGreaterThan(10_000_000L);
            assertThat(run.lines()).as("every line").isEqualTo(COMPANIES).isEqualTo(Long.parseLong(run.header("Export-Total")));
        }
    }
}
