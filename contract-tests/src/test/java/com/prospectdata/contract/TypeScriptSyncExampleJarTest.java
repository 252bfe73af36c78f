package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ChangeFeeds;
import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.ImportLines;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.TlsCertificates;
import com.prospectdata.testing.Json;
import io.restassured.response.Response;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The worked example of docs/sync.md, run as a partner would run it: src/test/typescript/src/
 * sync-example.ts, compiled by the build against the typescript-fetch client generated from
 * api/openapi.yaml, keeps a copy of a search (in a file, check-sync.ts) while the operator's
 * imports add, update, move, remove and replace companies; after each sync the copy equals the
 * server's export, company by company and field by field. A copy whose position retention has
 * passed gets a 410 and starts again from an export. The guide shows that file verbatim.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// Each import and each step of the program is a process of its own: seconds each on 2 cores.
@Timeout(value = 4, unit = TimeUnit.MINUTES)
@RunsBesideOthers
class TypeScriptSyncExampleJarTest extends ContractTest {

    private static final String ORGANIZATION = "0c000000-0000-4000-8000-0000000000f4";
    private static final Path MODULE = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
    private static final Path BUILD = MODULE.resolve("target").resolve("typescript");
    private static final Path PROGRAM = BUILD.resolve("dist").resolve("src").resolve("check-sync.js");
    private static final Path EXAMPLE = MODULE.resolve("src/test/typescript/src/sync-example.ts");
    private static final Path GUIDE = MODULE.resolve("../docs/sync.md").normalize();
    /** The line of sync-example.ts after which the guide's text begins. */
    private static final String GUIDE_BEGINS = "// docs/sync.md\n";
    /** Small pages, so that a sync takes several. */
    private static final int PAGE_SIZE = 2;

    private final UUID search = UUID.randomUUID();
    private final UUID elsewhere = UUID.randomUUID();
    private Path work;
    private Path certificate;
    private String key;
    private ImportLines imports;

    @BeforeAll
    void anOrganizationOfItsOwnAndTheServersCertificate() throws IOException {
        work = environment().serverLog().getParent().resolve("typescript-sync");
        imports = new ImportLines(environment().operatorCommands(), work.resolve("imports"));
        imports.run("initial", false, List.of(ImportLines.organization(ORGANIZATION, "Sync example"),
                ImportLines.search(search, ORGANIZATION), ImportLines.search(elsewhere, ORGANIZATION))).requireSuccess();
        key = environment().key(FixtureKey.of(ORGANIZATION).enterprise(100_000)).key();
        certificate = work.resolve("server-certificate.pem");
        Files.writeString(certificate, TlsCertificates.pem(TlsCertificates.presentedOn(environment().port())), StandardCharsets.US_ASCII);
    }

    @Test
    void theGuideShowsTheExampleTheBuildCompiles() throws IOException {
        String example = Files.readString(EXAMPLE);
        assertThat(example).as("%s marks where the guide's text begins", EXAMPLE).contains(GUIDE_BEGINS);
        String guide = Files.readString(GUIDE);
        int begins = guide.indexOf("```typescript\n");
        assertThat(begins).as("%s has a TypeScript block", GUIDE).isNotNegative();
        String block = guide.substring(begins + "```typescript\n".length(), guide.indexOf("```\n", begins + 1));
        assertThat(block).as("the TypeScript block of %s", GUIDE)
                .isEqualTo(example.substring(example.indexOf(GUIDE_BEGINS) + GUIDE_BEGINS.length()));
    }

    @Test
    void aCopyKeptByTheExampleEndsEqualToTheSearchAndStartsAgainAfterA410() throws Exception {
        Path stale = work.resolve("stale-copy.json");
        Path copy = work.resolve("copy.json");
        step("export", stale);
        assertThat(companies(stale)).isEmpty();

        List<String> ids = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        for (int n = 0; n < 6; n++) {
            ids.add(UUID.randomUUID().toString());
            lines.add(ImportLines.company(ids.get(n), search, n, 2));
        }
        imports.run("added", false, lines).requireSuccess();
        step("export", copy);
        assertTheCopyIsTheSearch(copy);

        String added = UUID.randomUUID().toString();
        imports.run("changed", false, List.of(
                ImportLines.company(ids.get(0), search, 9, 1),
                ImportLines.company(ids.get(1), search, 1, 3),
                ImportLines.removal(ids.get(2), search),
                ImportLines.company(ids.get(3), elsewhere, 3, 2),
                ImportLines.company(added, search, 4, 0))).requireSuccess();
        step("sync", copy);
        assertTheCopyIsTheSearch(copy);
        assertThat(companies(copy)).doesNotContainKeys(ids.get(2), ids.get(3)).containsKey(added);

        String replacing = UUID.randomUUID().toString();
        imports.run("replaced", true, List.of(ImportLines.search(search, ORGANIZATION),
                ImportLines.company(ids.get(0), search, 8, 1), ImportLines.company(ids.get(4), search, 4, 2),
                ImportLines.company(replacing, search, 6, 1))).requireSuccess();
        step("sync", copy);
        assertTheCopyIsTheSearch(copy);
        assertThat(companies(copy)).containsOnlyKeys(ids.get(0), ids.get(4), replacing);
        assertThat(state(copy).get("exports").intValue()).as("the feed alone kept the copy").isEqualTo(1);

        environment().deployment().ageFirstChange(search, Duration.ofDays(400));
        String staleCursor = state(stale).get("cursor").stringValue();
        Response expired = ChangeFeeds.afterRetentionPasses(key, search, staleCursor);
        assertThat(expired.statusCode()).as("the stale copy's position, once retention removed the change after it: %s",
                expired.asString()).isEqualTo(410);
        step("sync", stale);
        assertTheCopyIsTheSearch(stale);
        assertThat(state(stale).get("exports").intValue()).as("after the 410, a new export").isEqualTo(2);
        assertThat(state(stale).get("cursor").stringValue()).isEqualTo(searchNow().get("changes_cursor").stringValue());
    }

    /** Runs one step of check-sync.js on the copy in {@code state}, to its end. */
    private void step(String step, Path state) throws IOException, InterruptedException {
        assertThat(PROGRAM).as("the compiled program (the build's typescript-compile step writes it)").isRegularFile();
        Path stderr = work.resolve("check-sync-" + step + ".err");
        ProcessBuilder program = new ProcessBuilder("node", PROGRAM.toString(), step, state.toString()).directory(BUILD.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(stderr.toFile());
        Map<String, String> variables = program.environment();
        variables.put("PROSPECT_API_BASE_URL", environment().baseUri());
        variables.put("PROSPECT_API_KEY", key);
        variables.put("PROSPECT_SEARCH_ID", search.toString());
        variables.put("PROSPECT_PAGE_SIZE", Integer.toString(PAGE_SIZE));
        variables.put("NODE_EXTRA_CA_CERTS", certificate.toString());
        Process process = program.start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("check-sync.js " + step + " did not end within 60 s");
        }
        assertThat(process.exitValue()).as("check-sync.js %s: %s", step, Files.readString(stderr)).isZero();
    }

    private void assertTheCopyIsTheSearch(Path state) throws IOException {
        Response export = givenKey(key).get("/api/v1/prospect-searches/" + search + "/companies/export");
        assertThat(export.statusCode()).as(export.asString()).isEqualTo(200);
        Map<String, Object> server = new TreeMap<>();
        for (String line : export.asString().split("\n")) {
            if (!line.isEmpty()) {
                JsonNode company = Json.parse(line);
                server.put(company.get("id").stringValue(), comparable(company, ""));
            }
        }
        Map<String, Object> kept = new TreeMap<>();
        companies(state).forEach((id, company) -> kept.put(id, comparable(company, "")));
        assertThat(kept).isEqualTo(server);
        assertThat(kept).hasSize(searchNow().get("company_count").intValue());
    }

    /**
     * A JSON value as plain Java values, in the precision both sides keep: the client reads
     * date-times into JavaScript's Date (milliseconds) and leaves out what is null.
     */
    private static Object comparable(JsonNode value, String name) {
        if (value.isObject()) {
            Map<String, Object> fields = new LinkedHashMap<>();
            value.properties().stream().filter(field -> !field.getValue().isNull()).sorted(Map.Entry.comparingByKey())
                    .forEach(field -> fields.put(field.getKey(), comparable(field.getValue(), field.getKey())));
            return fields;
        }
        if (value.isArray()) {
            return value.valueStream().map(element -> comparable(element, name)).toList();
        }
        if (value.isNumber()) {
            return value.decimalValue().stripTrailingZeros();
        }
        if (value.isString() && name.endsWith("_at")) {
            return Instant.parse(value.stringValue()).truncatedTo(ChronoUnit.MILLIS);
        }
        return value.isString() ? value.stringValue() : value.toString();
    }

    private JsonNode searchNow() {
        Response response = givenKey(key).get("/api/v1/prospect-searches/" + search);
        assertThat(response.statusCode()).as(response.asString()).isEqualTo(200);
        return Json.parse(response.asString());
    }

    private static JsonNode state(Path file) throws IOException {
        return Json.parse(Files.readString(file));
    }

    private static Map<String, JsonNode> companies(Path file) throws IOException {
        Map<String, JsonNode> companies = new TreeMap<>();
        state(file).get("companies").properties().forEach(field -> companies.put(field.getKey(), field.getValue()));
        return companies;
    }
}
