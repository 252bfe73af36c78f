package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenInvalidKey;
import static com.prospectdata.contract.support.Api.givenKey;
import static com.prospectdata.contract.support.ChangeFeeds.changesPath;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ChangeFeeds;
import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.ImportLines;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.testing.Json;
import io.restassured.response.Response;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The change feed and removals against the jar (docs/api-rules.md §15, §16): the operator's
 * {@code import} removes and replaces, and a partner following the feed from an export sees it;
 * its bad cursors, an unknown or foreign search, and a position that retention has passed. On an
 * organization of its own, so its imports raise no other class's data version.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
// Each import is a JVM of its own: on 2 cores beside three other classes one has taken over 20 s.
@Timeout(value = 4, unit = TimeUnit.MINUTES)
@RunsBesideOthers
class ChangeFeedJarTest extends ContractTest {

    private static final String ORGANIZATION = "0c000000-0000-4000-8000-0000000000f3";
    private final UUID search = UUID.randomUUID();
    private final UUID aged = UUID.randomUUID();
    private final List<String> companies = new ArrayList<>();
    private String key;
    private ImportLines imports;

    @BeforeAll
    void anOrganizationOfItsOwn() {
        imports = new ImportLines(environment().operatorCommands(),
                Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target/contract/change-feed"));
        List<String> lines = new ArrayList<>();
        lines.add(ImportLines.organization(ORGANIZATION, "Change feed"));
        lines.add(ImportLines.search(search, ORGANIZATION));
        lines.add(ImportLines.search(aged, ORGANIZATION));
        for (int i = 0; i < 5; i++) {
            String id = UUID.randomUUID().toString();
            companies.add(id);
            lines.add(ImportLines.company(id, search, i));
        }
        imports.run("initial", false, lines).requireSuccess();
        key = environment().operatorCommands().run("keys", "issue", "--org", ORGANIZATION, "--tier", "enterprise",
                "--rate-limit", "100000").requireSuccess().field("key");
    }

    @Test
    void aPartnerFollowingTheFeedFromAnExportEndsWithTheSearchAfterRemovalsAndAReplace() {
        Response export = givenKey(key).get("/api/v1/prospect-searches/" + search + "/companies/export");
        assertThat(export.statusCode()).isEqualTo(200);
        String cursor = export.header("Changes-Cursor");
        List<String> copy = new ArrayList<>();
        for (String line : export.asString().split("\n")) {
            copy.add(Json.parse(line).get("id").stringValue());
        }
        assertThat(copy).containsExactlyInAnyOrderElementsOf(companies);

        String removed = companies.get(0);
        imports.run("removal", false, List.of(ImportLines.removal(removed, search))).requireSuccess();
        assertThat(givenKey(key).get("/api/v1/companies/" + removed).statusCode()).isEqualTo(404);
        String added = UUID.randomUUID().toString();
        imports.run("replace", true, List.of(ImportLines.search(search, ORGANIZATION), ImportLines.company(companies.get(1), search, 9),
                ImportLines.company(companies.get(2), search, 2), ImportLines.company(added, search, 7))).requireSuccess();

        boolean more = true;
        while (more) {
            JsonNode page = ok(changesPath(search, cursor, 2));
            for (JsonNode change : page.get("changes")) {
                String id = change.get("company_id").stringValue();
                copy.remove(id);
                if (!change.get("type").stringValue().equals("company.removed")) {
                    copy.add(id);
                }
            }
            cursor = page.get("next_cursor").stringValue();
            more = page.get("has_more").booleanValue();
        }
        assertThat(copy).containsExactlyInAnyOrder(companies.get(1), companies.get(2), added);
        JsonNode searchNow = ok("/api/v1/prospect-searches/" + search);
        assertThat(searchNow.get("company_count").longValue()).isEqualTo(3);
        assertThat(searchNow.get("changes_cursor").stringValue()).isEqualTo(cursor);
        Response empty = givenKey(key).get(changesPath(search, cursor, 100));
        assertThat(json(empty).get("changes")).isEmpty();
        // The version behind an ETag may be a read up to 1 s old (docs/api-rules.md §1): the
        // import just before may move it once more, with the same empty answer; then it holds.
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(3);
        Response revalidated = givenKey(key).header("If-None-Match", empty.header("ETag")).get(changesPath(search, cursor, 100));
        while (revalidated.statusCode() == 200 && System.nanoTime() < deadline) {
            assertThat(json(revalidated).get("changes")).isEmpty();
            revalidated = givenKey(key).header("If-None-Match", revalidated.header("ETag")).get(changesPath(search, cursor, 100));
        }
        assertThat(revalidated.statusCode()).isEqualTo(304);
    }

    @Test
    void anImportThatRemovesWhatIsNotThereWritesNothing() {
        String before = ok("/api/v1/prospect-searches/" + search).get("changes_cursor").stringValue();
        String unknown = UUID.randomUUID().toString();
        var failed = imports.run("unknown-removal", false, List.of(ImportLines.company(UUID.randomUUID().toString(), search, 1),
                ImportLines.removal(unknown, null)));
        assertThat(failed.exitStatus()).isNotZero();
        assertThat(failed.stderr()).contains("line 2").contains(unknown);
        assertThat(ok("/api/v1/prospect-searches/" + search).get("changes_cursor").stringValue()).isEqualTo(before);
    }

    @Test
    void badCursorsUnknownAndForeignSearchesAreTheContractsErrors() {
        String good = ok("/api/v1/prospect-searches/" + search).get("changes_cursor").stringValue();
        String ofAnother = ok("/api/v1/prospect-searches/" + aged).get("changes_cursor").stringValue();
        String altered = good.substring(0, 12) + (good.charAt(12) == 'A' ? 'B' : 'A') + good.substring(13);
        for (String cursor : List.of("x", ofAnother, altered)) {
            Response response = givenInvalidKey(key).get(changesPath(search, cursor, 10));
            assertThat(response.statusCode()).as(cursor).isEqualTo(400);
            assertThat(json(response).get("message").stringValue()).contains("cursor");
        }
        assertThat(givenInvalidKey(key).get(changesPath(search, good, 1001)).statusCode()).isEqualTo(400);
        assertThat(givenKey(key).get(changesPath(UUID.fromString("00000000-0000-4000-8000-000000000000"), good, 10)).statusCode())
                .isEqualTo(404);
        assertThat(givenKey(keys().main()).get(changesPath(search, good, 10)).statusCode()).isEqualTo(403);
    }

    @Test
    void aPositionWhoseNextChangeRetentionRemovedIs410() throws Exception {
        String start = ok("/api/v1/prospect-searches/" + aged).get("changes_cursor").stringValue();
        imports.run("aged", false, List.of(ImportLines.company(UUID.randomUUID().toString(), aged, 3))).requireSuccess();
        environment().deployment().ageFirstChange(aged, Duration.ofDays(400));
        Response answer = ChangeFeeds.afterRetentionPasses(key, aged, start);
        assertThat(answer.statusCode()).as("%s", answer.asString()).isEqualTo(410);
        assertThat(json(answer).get("error").stringValue()).isEqualTo("CURSOR_EXPIRED");
    }

    private JsonNode ok(String path) {
        Response response = givenKey(key).get(path);
        assertThat(response.statusCode()).as("%s: %s", path, response.asString()).isEqualTo(200);
        return json(response);
    }

    private static JsonNode json(Response response) {
        return Json.parse(response.asString());
    }
}
