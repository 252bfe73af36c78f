package com.prospectdata.features.companies;

import static com.prospectdata.generated.jooq.Tables.COMPANY_CHANGE;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.prospectdata.operator.importer.ImportRecord;
import com.prospectdata.operator.importer.ImportReport;
import com.prospectdata.operator.importer.ImportWriter;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.WebTierTest;
import java.sql.Connection;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jooq.ConnectionProvider;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.quicktheories.generators.Generate;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * The change feed and removals (docs/api-rules.md §15, §16), on an organization of this class's
 * own: its imports raise no other class's data version.
 */
class ChangeFeedWebTest extends WebTierTest {

    private static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

    private final UUID organization = UUID.randomUUID();
    private final UUID search = UUID.randomUUID();
    private final UUID otherSearch = UUID.randomUUID();
    private String ourKey;

    @Autowired
    private ChangeRetention retention;

    @BeforeAll
    void anOrganizationOfItsOwn() throws Exception {
        imported(false, List.of(
                "{\"type\":\"organization\",\"id\":\"" + organization + "\",\"name\":\"Change feed test\"}",
                searchLine(search, "Feed"), searchLine(otherSearch, "Other feed")));
        ourKey = issueKey(organization.toString());
    }

    @Test
    void additionsUpdatesAndRemovalsArriveInOrderWithTheCompanyAsItIsNow() throws Exception {
        UUID s = newSearch();
        String start = changesCursorOf(s);
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        imported(false, List.of(companyLine(a, s, "Alpha", 5.0, 0), companyLine(b, s, "Beta", 6.0, 0)));

        JsonNode page = changes(s, start, 100);
        assertThat(types(page)).containsExactly("company.added", "company.added");
        for (JsonNode change : page.get("changes")) {
            JsonNode company = get("/api/v1/companies/" + change.get("company_id").stringValue()).json();
            assertThat(change.get("company")).isEqualTo(company);
            assertThat(change.has("changed")).isFalse();
        }
        assertThat(page.get("has_more").booleanValue()).isFalse();
        String afterAdds = page.get("next_cursor").stringValue();

        imported(false, List.of(companyLine(a, s, "Alpha", 7.5, 1),
                jobLine("job-" + b, b, "Driver")));
        page = changes(s, afterAdds, 100);
        assertThat(types(page)).containsExactly("company.updated", "company.updated");
        Map<String, List<String>> changed = new HashMap<>();
        page.get("changes").forEach(change -> changed.put(change.get("company_id").stringValue(),
                change.get("changed").valueStream().map(JsonNode::stringValue).toList()));
        assertThat(changed.get(a.toString())).containsExactly("match_score", "updated_at", "contacts");
        assertThat(changed.get(b.toString())).containsExactly("jobs");

        long countBefore = get("/api/v1/prospect-searches/" + s).json().get("company_count").longValue();
        imported(false, List.of("{\"type\":\"company_removal\",\"id\":\"" + a + "\"}"));
        page = changes(s, page.get("next_cursor").stringValue(), 100);
        assertThat(types(page)).containsExactly("company.removed");
        assertThat(page.get("changes").get(0).has("company")).isFalse();
        assertThat(get("/api/v1/companies/" + a).status()).isEqualTo(404);
        assertThat(get("/api/v1/companies/" + a + "/jobs").status()).isEqualTo(404);
        assertThat(get("/api/v1/companies/?prospect_search_id=" + s).json().get("items").valueStream()
                .map(company -> company.get("id").stringValue())).containsExactly(b.toString());
        assertThat(get("/api/v1/prospect-searches/" + s).json().get("company_count").longValue()).isEqualTo(countBefore - 1);
        assertThat(exportIds(s)).containsExactly(b.toString());
    }

    /**
     * docs/api-rules.md §11: a search's {@code updated_at} is the last change to any of its
     * companies, which is every change the feed records for them: an import that changes only a
     * company's contacts, only its jobs or only its technologies, with the company's own fields
     * and timestamps written as they were, moves it too; writing the same lines again does not.
     */
    @Test
    void aSearchsUpdatedAtMovesWithEveryChangeTheFeedRecordsContactsJobsAndTechnologiesAlone() throws Exception {
        UUID s = newSearch();
        UUID a = UUID.randomUUID();
        String company = companyLine(a, s, "Alpha", 5.0, 1);
        String job = jobLine("job-" + a, a, "Driver");
        String scan = scanLine(a, "Nginx");
        imported(false, List.of(company, job, scan));

        Map<String, List<String>> changeAlone = new LinkedHashMap<>();
        changeAlone.put("contacts", List.of(company.replace("Contact 0", "Contact renamed")));
        changeAlone.put("jobs", List.of(jobLine("job-" + a, a, "Dispatcher")));
        changeAlone.put("technologies", List.of(scanLine(a, "Caddy")));
        for (Map.Entry<String, List<String>> alone : changeAlone.entrySet()) {
            Instant before = searchUpdatedAt(s);
            String cursor = changesCursorOf(s);
            imported(false, alone.getValue());

            JsonNode page = changes(s, cursor, 100);
            assertThat(types(page)).as("the feed after a change of %s alone", alone.getKey()).containsExactly("company.updated");
            assertThat(page.get("changes").get(0).get("changed").valueStream().map(JsonNode::stringValue))
                    .containsExactly(alone.getKey());
            assertThat(searchUpdatedAt(s)).as("the search's updated_at after a change of %s alone", alone.getKey())
                    .isAfter(before);
        }

        Instant settled = searchUpdatedAt(s);
        String cursor = changesCursorOf(s);
        imported(false, changeAlone.values().stream().flatMap(List::stream).toList());
        assertThat(types(changes(s, cursor, 100))).as("the same lines again").isEmpty();
        assertThat(searchUpdatedAt(s)).as("the same lines again").isEqualTo(settled);
    }

    @Test
    void aCompanyThatLosesAContactOrAJobToAnotherIsUpdatedThoughTheFileDoesNotListIt() throws Exception {
        UUID s = newSearch();
        UUID giver = UUID.randomUUID();
        UUID taker = UUID.randomUUID();
        String job = "job-" + giver;
        imported(false, List.of(companyLine(giver, s, "Giver", 5.0, 2), companyLine(taker, s, "Taker", 5.0, 0),
                jobLine(job, giver, "Driver")));
        String start = changesCursorOf(s);
        String contact = new UUID(giver.getMostSignificantBits(), 1).toString();

        // Contact and job ids are global: listed under the taker, they move there from the giver.
        imported(false, List.of(companyLine(taker, s, "Taker", 5.0, 0).replace("\"contacts\":[]",
                        "\"contacts\":[{\"id\":\"" + contact + "\",\"name\":\"Moved\"}]"),
                jobLine(job, taker, "Driver")));

        JsonNode page = changes(s, start, 100);
        Map<String, List<String>> changed = new HashMap<>();
        page.get("changes").forEach(change -> changed.put(change.get("company_id").stringValue(),
                change.get("changed").valueStream().map(JsonNode::stringValue).toList()));
        assertThat(changed).containsOnlyKeys(giver.toString(), taker.toString());
        assertThat(changed.get(giver.toString())).containsExactly("contacts", "jobs");
        assertThat(changed.get(taker.toString())).containsExactly("contacts", "jobs");
        JsonNode giverNow = get("/api/v1/companies/" + giver).json();
        assertThat(giverNow.get("contacts").valueStream().map(c -> c.get("id").stringValue())).doesNotContain(contact).hasSize(1);
    }

    @Test
    void aPollWithNothingNewKeepsItsCursorAndRevalidatesTo304() throws Exception {
        UUID s = newSearch();
        imported(false, List.of(companyLine(UUID.randomUUID(), s, "Gamma", 3.0, 0)));
        String now = changesCursorOf(s);
        Answer empty = get(changesPath(s, now, 100));
        assertThat(empty.status()).isEqualTo(200);
        assertThat(empty.json().get("changes")).isEmpty();
        assertThat(empty.json().get("next_cursor").stringValue()).isEqualTo(now);
        assertThat(empty.json().get("has_more").booleanValue()).isFalse();
        Answer again = send(callWith(ourKey, changesPath(s, now, 100)).header("If-None-Match", empty.header("ETag")));
        assertThat(again.status()).isEqualTo(304);
    }

    @Test
    void anExportsChangesCursorFollowsEveryChangeAfterItsSnapshot() throws Exception {
        UUID s = newSearch();
        UUID a = UUID.randomUUID();
        imported(false, List.of(companyLine(a, s, "Delta", 4.0, 0)));
        Answer export = get("/api/v1/prospect-searches/" + s + "/companies/export");
        String cursor = export.header("Changes-Cursor");
        assertThat(cursor).isNotBlank();
        assertThat(changes(s, cursor, 10).get("changes")).isEmpty();
        imported(false, List.of(companyLine(a, s, "Delta", 4.5, 1)));
        assertThat(types(changes(s, cursor, 10))).containsExactly("company.updated");
    }

    @Test
    void aPageIsAtMostLimitAndTheNextFollowsIt() throws Exception {
        UUID s = newSearch();
        String cursor = changesCursorOf(s);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            lines.add(companyLine(UUID.randomUUID(), s, "Company " + i, i, 0));
        }
        imported(false, lines);
        List<String> ids = new ArrayList<>();
        boolean more = true;
        int pages = 0;
        while (more) {
            JsonNode page = changes(s, cursor, 3);
            assertThat(page.get("changes").size()).isLessThanOrEqualTo(3);
            page.get("changes").forEach(change -> ids.add(change.get("id").stringValue()));
            cursor = page.get("next_cursor").stringValue();
            more = page.get("has_more").booleanValue();
            pages++;
        }
        assertThat(pages).isEqualTo(3);
        assertThat(ids).hasSize(7).doesNotHaveDuplicates();
    }

    @Test
    void aReplacingImportRemovesWhatItDoesNotListAndMovesAreARemovalAndAnAddition() throws Exception {
        UUID s = newSearch();
        UUID t = newSearch();
        UUID keep = UUID.randomUUID();
        UUID drop = UUID.randomUUID();
        UUID move = UUID.randomUUID();
        imported(false, List.of(companyLine(keep, s, "Keep", 5, 0), companyLine(drop, s, "Drop", 5, 0),
                companyLine(move, s, "Move", 5, 0)));
        String fromS = changesCursorOf(s);
        String fromT = changesCursorOf(t);

        ImportReport report = imported(true, List.of(searchLine(s, "Feed replaced"), companyLine(keep, s, "Keep", 5, 0),
                companyLine(move, t, "Move", 5, 0)));
        assertThat(report.counts().removedCompanies()).isEqualTo(1);
        Map<String, String> inS = kinds(changes(s, fromS, 100));
        assertThat(inS).containsOnly(Map.entry(drop.toString(), "company.removed"), Map.entry(move.toString(), "company.removed"));
        assertThat(kinds(changes(t, fromT, 100))).containsOnly(Map.entry(move.toString(), "company.added"));
        assertThat(exportIds(s)).containsExactly(keep.toString());
        assertThat(get("/api/v1/companies/" + drop).status()).isEqualTo(404);
    }

    @Test
    void aFailedImportWritesNothingAndRecordsNoChange() throws Exception {
        UUID s = newSearch();
        UUID a = UUID.randomUUID();
        imported(false, List.of(companyLine(a, s, "Epsilon", 5, 0)));
        String cursor = changesCursorOf(s);
        UUID stranger = UUID.randomUUID();
        List<List<String>> failing = List.of(
                List.of("{\"type\":\"company_removal\",\"id\":\"" + stranger + "\"}"),
                List.of("{\"type\":\"company_removal\",\"id\":\"" + a + "\",\"prospect_search_id\":\"" + otherSearch + "\"}"),
                List.of("{\"type\":\"company_removal\",\"id\":\"" + a + "\"}", "{\"type\":\"company_removal\",\"id\":\"" + a + "\"}"),
                List.of("{\"type\":\"company_removal\"}"),
                List.of("{\"type\":\"company_removal\",\"id\":\"" + a + "\",\"reason\":\"x\"}"),
                List.of("{\"type\":\"company_removal\",\"id\":\"" + a + "\"}",
                        "{\"type\":\"job\",\"id\":\"j-" + a + "\",\"company_id\":\"" + a + "\",\"title\":\"T\",\"platform\":\"P\","
                                + "\"date_posted\":\"2026-11-02T10:00:00Z\",\"job_url\":\"https://jobs.example/2\"}"));
        for (List<String> lines : failing) {
            ImportReport report = imported(false, lines);
            assertThat(report.written()).as("%s", lines).isFalse();
            assertThat(report.errors()).as("%s", lines).isNotEmpty();
        }
        assertThat(imported(false, failing.get(0)).errors().getFirst().reason()).contains(stranger.toString());
        ImportReport replacing = imported(true, List.of(companyLine(UUID.randomUUID(), s, "Zeta", 5, 0), "{not json"));
        assertThat(replacing.written()).isFalse();

        assertThat(get("/api/v1/companies/" + a).status()).isEqualTo(200);
        assertThat(exportIds(s)).containsExactly(a.toString());
        assertThat(changes(s, cursor, 100).get("changes")).isEmpty();
        assertThat(changesCursorOf(s)).isEqualTo(cursor);
    }

    @Test
    void badCursorsAndLimitsAreTheContractsErrors() throws Exception {
        UUID s = newSearch();
        String good = changesCursorOf(s);
        String otherSearchs = changesCursorOf(otherSearch);
        // A character inside the payload: the last one carries bits that decoding drops.
        String altered = good.substring(0, 12) + (good.charAt(12) == 'A' ? 'B' : 'A') + good.substring(13);
        for (String cursor : List.of("x", "AAAA", otherSearchs, altered, good + "AA", good.substring(1),
                // a list cursor of this API is no change cursor
                "AQAAADIDQCLMzMzMzM0NTm9yZGxpY2h0IExvZ2lzdGlrIEdtYkg_K4wdnkpLf4oha1wOnxpCeybnZcK7HRkZ")) {
            Answer answer = get(changesPath(s, cursor, 10));
            assertThat(answer.status()).as(cursor).isEqualTo(400);
            assertThat(answer.json().get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
            assertThat(answer.json().get("message").stringValue()).as(cursor).contains("cursor");
        }
        for (String limit : List.of("0", "1001", "-1", "abc", "", "1.5")) {
            assertThat(get("/api/v1/prospect-searches/" + s + "/changes?cursor=" + good + "&limit=" + limit).status())
                    .as(limit).isEqualTo(400);
        }
        assertThat(get("/api/v1/prospect-searches/" + s + "/changes").status()).isEqualTo(400);
        assertThat(get("/api/v1/prospect-searches/" + s + "/changes?cursor=").status()).isEqualTo(400);
        Answer unknown = get(changesPath(UUID.fromString("00000000-0000-4000-8000-000000000000"), good, 10));
        assertThat(unknown.status()).isEqualTo(404);
        Answer foreign = send(callWith(keys().main(), changesPath(s, good, 10)));
        assertThat(foreign.status()).isEqualTo(403);
        assertThat(send(anonymous(changesPath(s, good, 10))).status()).isEqualTo(401);
        assertThat(send(callWith(keys().noScope(), changesPath(s, good, 10))).status()).isEqualTo(403);
    }

    @Test
    void aPositionWhoseChangesRetentionRemovedIs410() throws Exception {
        UUID s = newSearch();
        String start = changesCursorOf(s);
        UUID a = UUID.randomUUID();
        imported(false, List.of(companyLine(a, s, "Eta", 5, 0)));
        String afterFirst = changesCursorOf(s);
        imported(false, List.of(companyLine(a, s, "Eta", 6, 1)));
        database().update(COMPANY_CHANGE).set(COMPANY_CHANGE.OCCURRED_AT, Instant.now().minus(400, ChronoUnit.DAYS))
                .where(COMPANY_CHANGE.PROSPECT_SEARCH_ID.eq(s).and(COMPANY_CHANGE.POSITION.eq(1L))).execute();
        assertThat(retention.prune()).isGreaterThanOrEqualTo(1);

        Answer expired = get(changesPath(s, start, 10));
        assertThat(expired.status()).isEqualTo(410);
        assertThat(expired.json().get("error").stringValue()).isEqualTo("CURSOR_EXPIRED");
        assertThat(types(changes(s, afterFirst, 10))).containsExactly("company.updated");
    }

    /**
     * Writer A takes its transaction id first and commits last; writer B begins after it and
     * commits first. A reader polls before either commit, between the two, and after both.
     */
    @Test
    void aChangeThatCommitsLateIsNeverSkipped() throws Exception {
        UUID s = newSearch();
        String cursor = changesCursorOf(s);
        UUID ofA = UUID.randomUUID();
        UUID ofB = UUID.randomUUID();
        ConnectionProvider connections = database().configuration().connectionProvider();
        Connection a = connections.acquire();
        Connection b = connections.acquire();
        ExecutorService blocked = Executors.newSingleThreadExecutor();
        try {
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            DSLContext txA = DSL.using(a, SQLDialect.POSTGRES);
            DSLContext txB = DSL.using(b, SQLDialect.POSTGRES);
            long idA = txA.fetchValue(DSL.field("pg_current_xact_id()::text::bigint", Long.class));
            ImportWriter writerB = new ImportWriter(txB, Instant.now());
            writerB.add(company(ofB, s));
            writerB.flush();
            writerB.bumpDataVersions();
            long idB = txB.fetchValue(DSL.field("pg_current_xact_id()::text::bigint", Long.class));
            assertThat(idA).as("A's transaction id comes first").isLessThan(idB);
            assertThat(changes(s, cursor, 100).get("changes")).as("nothing before a commit").isEmpty();

            Future<?> writtenA = blocked.submit(() -> {
                ImportWriter writerA = new ImportWriter(txA, Instant.now());
                writerA.add(company(ofA, s));
                writerA.flush(); // waits for B: the search's log is B's until B ends
                writerA.bumpDataVersions();
                return null;
            });
            b.commit();
            writtenA.get(30, TimeUnit.SECONDS);
            refreshDataVersions();
            JsonNode between = changes(s, cursor, 100);
            assertThat(kinds(between)).as("between the commits").containsOnlyKeys(ofB.toString());
            String next = between.get("next_cursor").stringValue();
            a.commit();
            refreshDataVersions();
            assertThat(kinds(changes(s, next, 100))).as("after the late commit").containsOnlyKeys(ofA.toString());
            assertThat(kinds(changes(s, cursor, 100)).keySet()).containsExactly(ofB.toString(), ofA.toString());
        } finally {
            blocked.shutdownNow();
            a.rollback();
            b.rollback();
            a.setAutoCommit(true);
            b.setAutoCommit(true);
            connections.release(a);
            connections.release(b);
        }
    }

    private static ImportRecord.Company company(UUID id, UUID search) {
        return new ImportRecord.Company(id, search, "Late " + id, "Kiel", "Germany", "Logistics", "https://late.example",
                5.0, "pending", null, List.of(), T0, T0);
    }

    @Test
    void aPartnersCopyConvergesWhateverTheImportsAndPollsInterleave() throws Exception {
        qt().withExamples(12).withShrinkCycles(0).forAll(Generate.longRange(0, Long.MAX_VALUE)).checkAssert(seed -> {
            try {
                converges(new Random(seed));
            } catch (Exception e) {
                throw new AssertionError("seed " + seed, e);
            }
        });
    }

    /**
     * A partner exports a search, then follows its feed while random imports add, update (fields,
     * contacts, jobs, technologies), remove, move and replace; polls come between imports at random
     * and with random page sizes. In the end its copy is the server's, company by company.
     */
    private void converges(Random random) throws Exception {
        UUID s = newSearch();
        UUID t = newSearch();
        List<UUID> pool = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            pool.add(UUID.randomUUID());
        }
        List<String> seedLines = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            seedLines.add(companyLine(pool.get(i), s, "Seed " + i, random.nextInt(11), random.nextInt(3)));
        }
        imported(false, seedLines);

        Answer export = get("/api/v1/prospect-searches/" + s + "/companies/export");
        Map<String, JsonNode> copy = new LinkedHashMap<>();
        for (String line : export.asString().split("\n")) {
            if (!line.isEmpty()) {
                JsonNode company = com.prospectdata.testing.Json.parse(line);
                copy.put(company.get("id").stringValue(), company);
            }
        }
        String cursor = export.header("Changes-Cursor");
        int steps = 6 + random.nextInt(10);
        for (int step = 0; step < steps; step++) {
            if (random.nextInt(3) == 0) {
                cursor = follow(s, cursor, copy, 1 + random.nextInt(4), random.nextBoolean());
            }
            imported(random.nextInt(6) == 0, randomImport(random, pool, s, t));
        }
        cursor = follow(s, cursor, copy, 1 + random.nextInt(5), false);
        Map<String, JsonNode> server = new LinkedHashMap<>();
        for (String line : get("/api/v1/prospect-searches/" + s + "/companies/export").asString().split("\n")) {
            if (!line.isEmpty()) {
                JsonNode company = com.prospectdata.testing.Json.parse(line);
                server.put(company.get("id").stringValue(), company);
            }
        }
        assertThat(copy).isEqualTo(server);
    }

    /** Polls until nothing follows (or once), applying every change; returns the cursor after. */
    private String follow(UUID s, String cursor, Map<String, JsonNode> copy, int limit, boolean once) throws Exception {
        while (true) {
            JsonNode page = changes(s, cursor, limit);
            for (JsonNode change : page.get("changes")) {
                String id = change.get("company_id").stringValue();
                if (change.get("type").stringValue().equals("company.removed")) {
                    copy.remove(id);
                } else {
                    copy.put(id, change.get("company"));
                }
            }
            cursor = page.get("next_cursor").stringValue();
            if (once || !page.get("has_more").booleanValue()) {
                return cursor;
            }
        }
    }

    /** One import of a few lines over a small pool of companies, in two searches. */
    private List<String> randomImport(Random random, List<UUID> pool, UUID s, UUID t) {
        List<String> lines = new ArrayList<>();
        Map<UUID, Boolean> present = new HashMap<>();
        database().select(com.prospectdata.generated.jooq.Tables.COMPANY.ID).from(com.prospectdata.generated.jooq.Tables.COMPANY)
                .where(com.prospectdata.generated.jooq.Tables.COMPANY.ID.in(pool))
                .forEach(row -> present.put(row.value1(), true));
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            UUID company = pool.get(random.nextInt(pool.size()));
            boolean exists = present.getOrDefault(company, false);
            switch (exists ? random.nextInt(5) : 0) {
                case 0 -> {
                    lines.add(companyLine(company, random.nextInt(4) == 0 ? t : s, "Company " + random.nextInt(3),
                            random.nextInt(11), random.nextInt(3)));
                    present.put(company, true);
                }
                case 1 -> lines.add("{\"type\":\"job\",\"id\":\"job-" + company + "-" + random.nextInt(3)
                        + "\",\"company_id\":\"" + company + "\",\"title\":\"Role " + random.nextInt(3)
                        + "\",\"platform\":\"LinkedIn\",\"date_posted\":\"2026-11-02T10:00:00Z\",\"job_url\":\"https://jobs.example/"
                        + random.nextInt(3) + "\"}");
                case 2 -> lines.add("{\"type\":\"webtech_scan\",\"company_id\":\"" + company
                        + "\",\"status\":\"completed\",\"scanned_at\":\"2026-11-03T10:00:00Z\",\"technologies\":[{\"name\":\"Tech "
                        + random.nextInt(3) + "\",\"category\":\"CMS\",\"confidence\":" + random.nextInt(101) + "}]}");
                case 3 -> lines.add(companyLine(company, s, "Renamed " + random.nextInt(3), random.nextInt(11),
                        random.nextInt(3)));
                default -> {
                    lines.add("{\"type\":\"company_removal\",\"id\":\"" + company + "\"}");
                    present.put(company, false);
                }
            }
        }
        return lines;
    }

    /** A job of {@code company}; its id and URL stay the same wherever the same {@code id} is listed. */
    private static String jobLine(String id, UUID company, String title) {
        return "{\"type\":\"job\",\"id\":\"" + id + "\",\"company_id\":\"" + company + "\",\"title\":\"" + title
                + "\",\"platform\":\"LinkedIn\",\"date_posted\":\"2026-11-02T10:00:00Z\",\"job_url\":\"https://jobs.example/"
                + id + "\"}";
    }

    private static String scanLine(UUID company, String technology) {
        return "{\"type\":\"webtech_scan\",\"company_id\":\"" + company
                + "\",\"status\":\"completed\",\"scanned_at\":\"2026-11-03T10:00:00Z\",\"technologies\":[{\"name\":\""
                + technology + "\",\"category\":\"web_server\",\"confidence\":90}]}";
    }

    /** As the database keeps it: the API writes it to the second, and two imports may fall in one. */
    private Instant searchUpdatedAt(UUID s) {
        return database().select(PROSPECT_SEARCH.UPDATED_AT).from(PROSPECT_SEARCH).where(PROSPECT_SEARCH.ID.eq(s))
                .fetchOne(0, Instant.class);
    }

    private UUID newSearch() throws Exception {
        UUID id = UUID.randomUUID();
        imported(false, List.of(searchLine(id, "Search " + id)));
        return id;
    }

    private ImportReport imported(boolean replace, List<String> lines) throws Exception {
        return importLines(replace, lines);
    }

    private String searchLine(UUID id, String name) {
        return "{\"type\":\"prospect_search\",\"id\":\"" + id + "\",\"organization_id\":\"" + organization
                + "\",\"name\":\"" + name + "\"}";
    }

    /** A company with {@code contacts} contacts; its times are fixed, so only what the line changes changes. */
    private static String companyLine(UUID id, UUID search, String name, double score, int contacts) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < contacts; i++) {
            list.append(i == 0 ? "" : ",").append("{\"id\":\"").append(new UUID(id.getMostSignificantBits(), i))
                    .append("\",\"name\":\"Contact ").append(i).append("\"}");
        }
        return "{\"type\":\"company\",\"id\":\"" + id + "\",\"prospect_search_id\":\"" + search + "\",\"name\":\"" + name
                + "\",\"city\":\"Hamburg\",\"country\":\"Germany\",\"business_type\":\"Logistics\",\"website\":\"https://"
                + id + ".example\",\"match_score\":" + score + ",\"review_status\":\"pending\",\"contacts\":[" + list
                + "],\"created_at\":\"" + T0 + "\",\"updated_at\":\"" + T0.plusSeconds(contacts + (long) (score * 10)) + "\"}";
    }

    private Answer get(String uri) throws Exception {
        return send(callWith(ourKey, uri));
    }

    private String changesCursorOf(UUID s) throws Exception {
        return get("/api/v1/prospect-searches/" + s).json().get("changes_cursor").stringValue();
    }

    private static String changesPath(UUID s, String cursor, int limit) {
        return "/api/v1/prospect-searches/" + s + "/changes?cursor=" + cursor + "&limit=" + limit;
    }

    private JsonNode changes(UUID s, String cursor, int limit) throws Exception {
        Answer answer = get(changesPath(s, cursor, limit));
        assertThat(answer.status()).as("%s", answer).isEqualTo(200);
        return answer.json();
    }

    private List<String> exportIds(UUID s) throws Exception {
        String body = get("/api/v1/prospect-searches/" + s + "/companies/export").asString();
        return body.lines().filter(line -> !line.isEmpty())
                .map(line -> com.prospectdata.testing.Json.parse(line).get("id").stringValue()).toList();
    }

    private static List<String> types(JsonNode page) {
        return page.get("changes").valueStream().map(change -> change.get("type").stringValue()).toList();
    }

    private static Map<String, String> kinds(JsonNode page) {
        Map<String, String> kinds = new LinkedHashMap<>();
        page.get("changes").forEach(change -> kinds.put(change.get("company_id").stringValue(), change.get("type").stringValue()));
        return kinds;
    }
}
