package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenKey;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.testing.Json;
import io.restassured.response.Response;
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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * A partner copying a whole prospect search while imports land (docs/api-rules.md §12, §14): a
 * 5,000-company search of an organization of its own, walked by cursor while the jar's
 * {@code import} adds companies to it and moves others in the order; the same walk by offset, to
 * show why cursors exist; and its export, cut by a killed server, seen by the client as cut.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// Each walk waits for two imports, each a JVM of its own: on 2 cores beside three other classes an
// import has taken over 20 s, so the run's default bound of 60 s (a hang guard) is too short here.
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ExportAndCursorWalkJarTest extends ContractTest {

    private static final Logger log = LoggerFactory.getLogger(ExportAndCursorWalkJarTest.class);
    private static final String ORGANIZATION = "0c000000-0000-4000-8000-00000000000c";
    private static final String SEARCH = "5c100000-0000-4000-8000-0000000000c1";
    private static final int COMPANIES = 5_000;
    private static final int PAGE = 100;
    /** An import lands after this many pages (twice a walk): each adds companies and moves others. */
    private static final int PAGES_PER_IMPORT = 20;

    private final Random random = new Random(34);
    private final List<String> ids = new ArrayList<>();
    private String key;
    private Path files;

    @BeforeAll
    void aSearchOfItsOwn() throws IOException {
        files = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target/contract/cursor-walk");
        Files.createDirectories(files);
        List<String> lines = new ArrayList<>();
        lines.add("{\"type\":\"organization\",\"id\":\"" + ORGANIZATION + "\",\"name\":\"Cursor walk\"}");
        lines.add("{\"type\":\"prospect_search\",\"id\":\"" + SEARCH + "\",\"organization_id\":\"" + ORGANIZATION
                + "\",\"name\":\"Five thousand companies\"}");
        for (int i = 0; i < COMPANIES; i++) {
            String id = UUID.randomUUID().toString();
            ids.add(id);
            lines.add(company(id));
        }
        importLines("initial", lines);
        key = environment().operatorCommands().run("keys", "issue", "--org", ORGANIZATION, "--tier", "enterprise",
                "--rate-limit", "100000").requireSuccess().field("key");
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

    /** An import during a walk: 100 companies added, and 60 of those there before given a new score. */
    private void importsLand(int round, Set<String> moved) throws IOException {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            String id = UUID.randomUUID().toString();
            lines.add(company(id));
        }
        for (int i = 0; i < 60; i++) {
            String mover = ids.get(random.nextInt(ids.size()));
            moved.add(mover);
            lines.add(company(mover));
        }
        importLines("round-" + round + "-" + UUID.randomUUID(), lines);
    }

    private record Walk(Map<String, Integer> seen, Set<String> moved, Set<String> before) {
    }

    private JsonNode page(String query) {
        Response response = givenKey(key).get("/api/v1/companies/?prospect_search_id=" + SEARCH + "&limit=" + PAGE + query);
        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(200);
        return json(response);
    }

    private Walk walk(boolean byCursor) throws IOException {
        Set<String> before = new HashSet<>();
        // Everything there when the walk starts, read at once: the export, one company per line.
        Response export = givenKey(key).get("/api/v1/prospect-searches/" + SEARCH + "/companies/export");
        for (String line : export.asString().split("\n")) {
            before.add(Json.parse(line).get("id").stringValue());
        }
        Set<String> moved = new HashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        JsonNode page = page("");
        for (int number = 1; ; number++) {
            page.get("items").forEach(item -> seen.merge(item.get("id").stringValue(), 1, Integer::sum));
            if (!page.get("has_more").booleanValue()) {
                return new Walk(seen, moved, before);
            }
            if (number % PAGES_PER_IMPORT == 0) {
                importsLand(number, moved);
            }
            page = page(byCursor ? "&cursor=" + page.get("next_cursor").stringValue() : "&offset=" + number * PAGE);
        }
    }

    @Test
    void aWalkByCursorReturnsEveryCompanyThatStayedInPlaceExactlyOnceWhileImportsLand() throws IOException {
        Walk byCursor = walk(true);
        Set<String> stayed = new HashSet<>(byCursor.before());
        stayed.removeAll(byCursor.moved());
        assertThat(stayed).hasSizeGreaterThan(COMPANIES * 3 / 4);
        List<String> wrong = stayed.stream().filter(id -> byCursor.seen().getOrDefault(id, 0) != 1).toList();
        assertThat(wrong).as("companies that stayed in place and were not returned exactly once").isEmpty();

        Walk byOffset = walk(false);
        Set<String> stayedForOffsets = new HashSet<>(byOffset.before());
        stayedForOffsets.removeAll(byOffset.moved());
        long missed = stayedForOffsets.stream().filter(id -> !byOffset.seen().containsKey(id)).count();
        long repeated = stayedForOffsets.stream().filter(id -> byOffset.seen().getOrDefault(id, 0) > 1).count();
        log.info("Under the same imports, a walk by offset of {} companies that stayed in place missed {} and returned {} twice"
                + " or more; the walk by cursor missed and repeated none of {}", stayedForOffsets.size(), missed, repeated,
                stayed.size());
        assertThat(missed + repeated).as("an offset walk skips or repeats companies when imports land").isPositive();
    }

    @Test
    void anExportCutByAKilledServerIsSeenAsCut() throws Exception {
        try (ServerProcess server = ServerProcess.onSharedDatabase("export-killed").start()) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .sslContext(LocalTls.trustingEverything()).connectTimeout(Duration.ofSeconds(10)).build();
            HttpRequest request = HttpRequest.newBuilder(URI.create(server.baseUri() + "/api/v1/prospect-searches/" + SEARCH
                            + "/companies/export?include=jobs_summary&include=webtech_summary"))
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
}
