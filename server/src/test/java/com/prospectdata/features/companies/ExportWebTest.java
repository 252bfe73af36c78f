package com.prospectdata.features.companies;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.pipeline.streaming.RunningExports;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.StatementsOnThisThread;
import com.prospectdata.webtier.StatementsOnThisThread.Statement;
import com.prospectdata.webtier.WebTierTest;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import org.jooq.DSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.HttpMethod;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import tools.jackson.databind.JsonNode;

/** The export of a prospect search (docs/api-rules.md §14). */
class ExportWebTest extends WebTierTest {

    private static final String EXPORT = "/api/v1/prospect-searches/" + Fixture.SEARCH_MAIN + "/companies/export";
    private static final String LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;

    @Autowired
    private RunningExports running;
    @Autowired
    private DSLContext db;
    @Autowired
    private MeterRegistry meters;
    /** app.load.export-concurrency, as bound (its default when the test does not set it). */
    @Value("${app.load.export-concurrency:2}")
    private int exportSlots;

    /** The statement that opens the export's snapshot (pipeline/RequestReads.inSnapshot). */
    private static final String SNAPSHOT = "set transaction isolation level repeatable read";
    /** The table of stored counts, from which an unfiltered export's total is read. */
    private static final String STORED_COUNTS = "prospect_search_score_count";

    private static List<JsonNode> lines(String body) {
        List<JsonNode> lines = new ArrayList<>();
        assertThat(body).as("every line ends with a line feed").endsWith("\n");
        for (String line : body.split("\n")) {
            lines.add(Json.parse(line));
        }
        return lines;
    }

    /** The list's pages with the same filters, walked by offset, their items in order. */
    private List<JsonNode> listed(String filters) throws Exception {
        List<JsonNode> items = new ArrayList<>();
        for (int offset = 0; ; offset += 7) {
            JsonNode page = ok(LIST + filters + "&limit=7&offset=" + offset);
            page.get("items").forEach(items::add);
            if (!page.get("has_more").booleanValue()) {
                return items;
            }
        }
    }

    private static void assertSameCompanies(List<JsonNode> exported, List<JsonNode> listed) {
        assertThat(exported).hasSameSizeAs(listed);
        for (int i = 0; i < listed.size(); i++) {
            assertThat(Json.sameValue(exported.get(i), listed.get(i))).as("line %d%n  %s%n  %s", i + 1, exported.get(i), listed.get(i))
                    .isTrue();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "&include=jobs_summary&include=webtech_summary", "&min_match_score=5&review_status=accepted",
            "&review_status_list=accepted&review_status_list=pending&search=e", "&updated_since=2025-01-01T00:00:00Z&include=jobs_summary"})
    void anExportIsTheListsPagesOneCompanyPerLineWithItsTotalFirst(String filters) throws Exception {
        Answer answer = fetch(EXPORT + (filters.isEmpty() ? "" : "?" + filters.substring(1)));

        assertThat(answer.status()).as("%s", answer).isEqualTo(200);
        assertThat(answer.contentType()).startsWith("application/x-ndjson");
        assertThat(answer.header("Cache-Control")).isEqualTo("no-store");
        assertThat(answer.header("ETag")).isNull();
        List<JsonNode> lines = answer.bytes().length == 0 ? List.of() : lines(answer.asString());
        assertThat(answer.header("Export-Total")).isEqualTo(Integer.toString(lines.size()));
        assertSameCompanies(lines, listed(filters));
    }

    @Test
    void gzippedWhenAskedAndTheSameLines() throws Exception {
        Answer plain = fetch(EXPORT + "?include=webtech_summary");
        Answer gzipped = send(call(EXPORT + "?include=webtech_summary").header("Accept-Encoding", "gzip"));

        assertThat(gzipped.header("Content-Encoding")).isEqualTo("gzip");
        assertThat(plain.header("Content-Encoding")).isNull();
        assertThat(gzipped.header("Vary")).contains("Accept-Encoding");
        assertThat(new String(gunzip(gzipped.bytes()), StandardCharsets.UTF_8)).isEqualTo(plain.asString());
        assertThat(gzipped.header("Export-Total")).isEqualTo(plain.header("Export-Total")).isEqualTo("23");
    }

    @Test
    void anEmptySearchIsAnEmptyBody() throws Exception {
        Answer answer = fetch("/api/v1/prospect-searches/" + Fixture.SEARCH_EMPTY + "/companies/export");
        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.header("Export-Total")).isEqualTo("0");
        assertThat(answer.bytes()).isEmpty();
    }

    @Test
    void aHeadTellsTheTotalWithoutReadingTheCompanies() throws Exception {
        fetch(EXPORT); // the key is cached from here on
        List<Answer> head = new ArrayList<>();
        List<String> statements = StatementsOnThisThread.duringOnEveryThread(db, () -> head.add(send(request(HttpMethod.HEAD, EXPORT)
                .header("Authorization", "Bearer " + key)))).stream().map(Statement::sql).toList();

        assertThat(head.getFirst().status()).isEqualTo(200);
        assertThat(head.getFirst().header("Export-Total")).isEqualTo("23");
        assertThat(head.getFirst().bytes()).isEmpty();
        assertThat(statements).as("the count was read").anyMatch(statement -> statement.contains(STORED_COUNTS))
                .noneMatch(statement -> statement.contains("\"contact\""));
    }

    /**
     * The handler returns the stream; the snapshot opens on the stream's own thread, and the
     * count sent as {@code Export-Total} is read in it, before the lines.
     */
    @Test
    void theSnapshotOpensOnTheStreamsThreadAndTheTotalIsReadInIt() throws Exception {
        fetch(EXPORT); // the key is cached from here on
        Thread handlers = Thread.currentThread();
        List<Statement> statements = StatementsOnThisThread.duringOnEveryThread(db, () -> fetch(EXPORT));

        List<Statement> snapshots = statements.stream().filter(statement -> statement.sql().startsWith(SNAPSHOT)).toList();
        assertThat(snapshots).hasSize(1);
        Thread stream = snapshots.getFirst().thread();
        assertThat(stream).as("MockMvc serves the handler on the caller's thread; the stream has its own").isNotSameAs(handlers);
        assertThat(stream.isVirtual()).as("Spring Boot's task executor: a virtual thread per stream").isTrue();
        List<String> onTheStream = statements.stream().filter(statement -> statement.thread() == stream).map(Statement::sql).toList();
        assertThat(onTheStream.getFirst()).as("the stream's first statement opens the snapshot").startsWith(SNAPSHOT);
        assertThat(onTheStream).anyMatch(statement -> statement.contains(STORED_COUNTS))
                .anyMatch(statement -> statement.contains("\"contact\""));
        assertThat(statements).filteredOn(statement -> statement.thread() == handlers).extracting(Statement::sql)
                .as("the handler reads only the search's owner").noneMatch(statement -> statement.contains(STORED_COUNTS)
                        || statement.contains("\"contact\"") || statement.startsWith(SNAPSHOT));
    }

    /**
     * A stream has no time limit, and holds its export slot until its exchange completes, after
     * its writer has freed its key for the next export (which the client may send as soon as it
     * sees the end).
     */
    @Test
    void anExportHoldsItsSlotUntilItsExchangeCompletesWithNoTimeLimit() throws Exception {
        String fresh = issueKey(Fixture.ORG_OURS);
        UUID keyId = UUID.fromString(send(callWith(fresh, "/api/v1/usage")).json().get("id").stringValue());
        Gauge exportsInFlight = meters.get("api.load.in_flight").tag("kind", "export").gauge();

        MvcResult started = mvc.perform(callWith(fresh, EXPORT)).andReturn();
        assertThat(started.getRequest().isAsyncStarted()).as("the handler returned the stream").isTrue();
        assertThat(started.getRequest().getAsyncContext().getTimeout()).as("no time limit").isNotPositive();
        assertThat(exportsInFlight.value()).isEqualTo(1);
        started.getAsyncResult(STREAM_BOUND.toMillis());
        assertThat(running.of(keyId)).as("the writer is done: the key may export again").isZero();
        assertThat(exportsInFlight.value()).as("until the exchange completes").isEqualTo(1);

        MockHttpServletResponse answer = mvc.perform(MockMvcRequestBuilders.asyncDispatch(started)).andReturn().getResponse();
        assertThat(answer.getStatus()).isEqualTo(200);
        assertThat(answer.getHeader("Export-Total")).isEqualTo("23");
        assertThat(exportsInFlight.value()).isZero();
    }

    @Test
    void aKeyRunsOneExportAtATimeAndItsUsageSaysSo() throws Exception {
        String fresh = issueKey(Fixture.ORG_OURS);
        UUID keyId = UUID.fromString(send(callWith(fresh, "/api/v1/usage")).json().get("id").stringValue());
        MockHttpServletRequest first = new MockHttpServletRequest();
        assertThat(running.start(first, keyId)).isTrue();
        try {
            assertThat(send(callWith(fresh, "/api/v1/usage")).json().get("exports_running").intValue()).isEqualTo(1);
            Answer second = send(callWith(fresh, EXPORT));
            assertThat(second.status()).as("%s", second).isEqualTo(429);
            assertThat(second.json().get("retry_after").intValue()).isEqualTo(10);
            assertThat(second.header("Retry-After")).isEqualTo("10");
        } finally {
            running.end(first);
        }
        assertThat(send(callWith(fresh, EXPORT)).status()).isEqualTo(200);
        assertThat(send(callWith(fresh, "/api/v1/usage")).json().get("exports_running").intValue()).isZero();
    }

    /**
     * A key's second export is told its own limit (429), even while every export slot is busy
     * with other keys' exports, which would tell it 503: the key's limit is checked first.
     */
    @Test
    void aKeysSecondExportIsToldItsOwnLimitWhileEverySlotIsBusy() throws Exception {
        String fresh = issueKey(Fixture.ORG_OURS);
        UUID keyId = UUID.fromString(send(callWith(fresh, "/api/v1/usage")).json().get("id").stringValue());
        Gauge exportsInFlight = meters.get("api.load.in_flight").tag("kind", "export").gauge();
        List<MvcResult> holdingSlots = new ArrayList<>();
        MockHttpServletRequest first = new MockHttpServletRequest();
        assertThat(running.start(first, keyId)).isTrue();
        try {
            // Each holds its slot until its exchange completes (the dispatch below).
            while (exportsInFlight.value() < exportSlots) {
                holdingSlots.add(mvc.perform(callWith(issueKey(Fixture.ORG_OURS), EXPORT)).andReturn());
            }
            Answer second = send(callWith(fresh, EXPORT));
            assertThat(second.status()).as("%s", second).isEqualTo(429);
            assertThat(second.header("Retry-After")).isEqualTo("10");
            Answer anotherKeys = send(callWith(issueKey(Fixture.ORG_OURS), EXPORT));
            assertThat(anotherKeys.status()).as("another key is told the slots are busy: %s", anotherKeys).isEqualTo(503);
            assertThat(anotherKeys.header("Retry-After")).isNotBlank();
        } finally {
            running.end(first);
            for (MvcResult holding : holdingSlots) {
                holding.getAsyncResult(STREAM_BOUND.toMillis());
                mvc.perform(MockMvcRequestBuilders.asyncDispatch(holding));
            }
        }
        assertThat(exportsInFlight.value()).isZero();
    }

    @Test
    void theFreePlanHasNoExportsAndOtherRefusalsAreTheLists() throws Exception {
        Answer free = send(callWith(keys().otherOrganization(),
                "/api/v1/prospect-searches/" + Fixture.SEARCH_OTHER_ORG + "/companies/export"));
        assertThat(free.status()).isEqualTo(403);
        assertThat(free.json().get("message").stringValue()).isEqualTo("Exports are not available on the Free plan");
        // The plan comes before the parameters in the order of checks: a Free key's bad parameter is not read.
        Answer freeWithABadParameter = send(callWith(keys().otherOrganization(),
                "/api/v1/prospect-searches/" + Fixture.SEARCH_OTHER_ORG + "/companies/export?min_match_score=11&include=everything"));
        assertThat(freeWithABadParameter.status()).as("%s", freeWithABadParameter).isEqualTo(403);
        assertThat(freeWithABadParameter.json().get("message").stringValue()).isEqualTo("Exports are not available on the Free plan");

        assertThat(fetch("/api/v1/prospect-searches/" + Fixture.SEARCH_OTHER_ORG + "/companies/export").status()).isEqualTo(403);
        Answer unknown = fetch("/api/v1/prospect-searches/00000000-0000-4000-8000-000000000000/companies/export");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("message").stringValue()).contains("Prospect search with ID");
        assertThat(fetch(EXPORT + "?min_match_score=11").status()).isEqualTo(400);
        assertThat(fetchResponseOnly(EXPORT + "?include=everything").status()).isEqualTo(400);
        assertThat(send(anonymous(EXPORT)).status()).isEqualTo(401);
        assertThat(send(callWith(keys().noScope(), EXPORT)).status()).isEqualTo(403);
    }

    private static byte[] gunzip(byte[] body) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }
}
