package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.LocalTls;
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
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An export cut by a killed server is seen by the client as cut (docs/api-rules.md §14): a
 * 5,000-company search of an organization of its own, imported with the jar's {@code import}, is
 * exported from a server of this class's own, which is killed (SIGKILL) once the first line has
 * arrived. The transfer fails; it never ends as if it were whole. (The walk of a search by cursor
 * while writes land is CursorWalkWhileWritingWebTest's, in process.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KilledExportJarTest extends ContractTest {

    private static final Logger log = LoggerFactory.getLogger(KilledExportJarTest.class);
    private static final String ORGANIZATION = "0c000000-0000-4000-8000-00000000000c";
    private static final String SEARCH = "5c100000-0000-4000-8000-0000000000c1";
    private static final int COMPANIES = 5_000;
    private final Random random = new Random(34);
    private String key;
    private Path files;

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
