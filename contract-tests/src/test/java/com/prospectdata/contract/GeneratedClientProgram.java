package com.prospectdata.contract;

import static com.prospectdata.contract.GeneratedClientExpectations.COMPANY;
import static com.prospectdata.contract.GeneratedClientExpectations.PAGE_SIZE;
import static com.prospectdata.contract.GeneratedClientExpectations.SEARCH;
import static com.prospectdata.contract.GeneratedClientExpectations.assertSameWire;
import static com.prospectdata.contract.GeneratedClientExpectations.texts;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.FixtureKey;
import com.prospectdata.contract.support.TlsCertificates;
import com.prospectdata.testing.Expected;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A program that calls the API through a client generated from api/openapi.yaml with the
 * generator's default options, run as a process against the server under test, and its report
 * held to the fixture and to the document's rules. The TypeScript program
 * (src/test/typescript/src/check-client.ts, {@link TypeScriptClientJarTest}), the Go program
 * (src/test/go/check-client, {@link GoClientJarTest}) and the Python program
 * (src/test/python/check_client.py, {@link PythonClientJarTest}) make the same checks
 * ({@link #CHECKS}), in the same order, and report them in one form: {@code {"results":
 * [{"check", "ok", "observed", "failure"}]}}, each typed result written back to the wire form by
 * the client's own serializer.
 *
 * <p>The checks cover what the document added for partners: the prospect searches, walking a
 * list by cursor (the Pagination section of api/openapi.yaml), {@code include} of both summaries,
 * the export read to its end, and {@code getUsage}. The TypeScript and Python programs also spend
 * a key of one request ({@link #OVER_BUDGET}, {@link LimitedKeyClientProgram}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class GeneratedClientProgram extends ContractTest {

    /** The checks of every program, in their order; a program may add its own after them. */
    static final List<String> CHECKS = List.of(
            "getHealth",
            "listProspectSearches",
            "getProspectSearch",
            "listCompanies by cursor",
            "listCompanies by offset",
            "getCompany with include",
            "listCompanies with include",
            "exportProspectSearchCompanies",
            "getCompanyJobsSummary",
            "getCompanyWebtechSummary",
            "getUsage",
            "getCompany unknown (404)",
            "listCompanies forged cursor (400)");

    /**
     * The checks that spend a key of one request an hour, written for the program
     * (support/FixtureKey): a 429, and getUsage answering that key all the same.
     */
    static final List<String> OVER_BUDGET = List.of("getCompany over budget (429)", "getUsage over budget");

    private JsonNode report;
    private int exitStatus;
    private String stderr;
    private String unknownCompany;
    /** The key of {@link #OVER_BUDGET} and its id, when the program makes those checks. */
    String limitedKey;
    String limitedKeyId;
    /** When the program was started and when it had finished. */
    Instant started;
    Instant finished;

    /** The language, as the messages name it: Go, Python. */
    abstract String language();

    /** The checks the program makes, in order. */
    abstract List<String> checks();

    /**
     * The program's command and the directory it runs in; throws an AssertionError saying what is
     * missing when the build did not make it.
     */
    abstract ProcessBuilder program();

    /**
     * Before the report is read: an exit status of the program's own that says the machine lacks
     * what the client needs, turned into an AssertionError with the program's one line.
     */
    void checkTheRuntime(int exitStatus, String stderr) {
    }

    /**
     * Variables of the program's own beside the common ones; the server's certificate is in
     * {@code certificate} (PEM) before the program starts.
     */
    void environment(Map<String, String> variables, Path certificate) {
    }

    /** Where the program ran, its certificate, report and stderr: target/contract/NAME. */
    abstract String workDirectory();

    @BeforeAll
    void runTheProgram() throws Exception {
        ProcessBuilder program = program();
        Path work = Files.createDirectories(environment().serverLog().getParent().resolve(workDirectory()));
        // The server's self-signed certificate is the only one the client trusts; host names are checked.
        Path certificate = work.resolve("server-certificate.pem");
        Files.writeString(certificate, TlsCertificates.pem(TlsCertificates.presentedOn(environment().port())), StandardCharsets.US_ASCII);
        if (checks().containsAll(OVER_BUDGET)) {
            // A key of its own with a budget of one request an hour: the program spends it and gets the 429.
            FixtureKey issued = environment().key(FixtureKey.of(Fixture.ORG_OURS).enterprise(1).label(getClass().getSimpleName()));
            limitedKey = issued.key();
            limitedKeyId = issued.id();
        }
        unknownCompany = UUID.randomUUID().toString();

        Path reportFile = work.resolve("report.json");
        Path stderrFile = work.resolve("stderr.txt");
        program.redirectOutput(reportFile.toFile()).redirectError(stderrFile.toFile());
        Map<String, String> variables = program.environment();
        variables.put("PROSPECT_API_BASE_URL", environment().baseUri());
        variables.put("PROSPECT_API_CA_CERT", certificate.toString());
        variables.put("PROSPECT_API_KEY", keys().main());
        if (limitedKey != null) {
            variables.put("PROSPECT_API_LIMITED_KEY", limitedKey);
        }
        variables.put("PROSPECT_SEARCH_ID", SEARCH);
        variables.put("PROSPECT_COMPANY_ID", COMPANY);
        variables.put("PROSPECT_UNKNOWN_COMPANY_ID", unknownCompany);
        environment(variables, certificate);
        started = Instant.now();
        Process process;
        try {
            process = program.start();
        } catch (IOException e) {
            throw new AssertionError("The " + language() + " client check cannot start " + program.command() + ": " + e.getMessage(), e);
        }
        if (!process.waitFor(45, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("The " + language() + " client check did not finish within 45 s (a client waiting out a"
                    + " Retry-After?); its output so far: " + Files.readString(reportFile, StandardCharsets.UTF_8));
        }
        finished = Instant.now();
        exitStatus = process.exitValue();
        stderr = Files.readString(stderrFile, StandardCharsets.UTF_8);
        checkTheRuntime(exitStatus, stderr);
        String output = Files.readString(reportFile, StandardCharsets.UTF_8);
        try {
            report = Json.parse(output);
        } catch (RuntimeException e) {
            throw new AssertionError("The " + language() + " client check wrote no JSON report (exit status " + exitStatus + "):\n"
                    + output + "\nstderr:\n" + stderr, e);
        }
    }

    /** The check's entry in the report, passed or not. */
    JsonNode entry(String check) {
        for (JsonNode candidate : report.get("results")) {
            if (candidate.get("check").stringValue().equals(check)) {
                return candidate;
            }
        }
        throw new AssertionError("No result of " + check + " in the " + language() + " report: " + report);
    }

    /** The check's result in the report, which must have passed in the program. */
    JsonNode result(String check) {
        JsonNode entry = entry(check);
        assertThat(entry.get("ok").asBoolean()).as("%s check %s: %s", language(), check, entry.path("failure").asString("")).isTrue();
        return entry.get("observed");
    }

    void assertObserved(String check, Supplier<JsonNode> expected) {
        assertSameWire(language() + " check " + check, result(check), expected.get(), fixture());
    }

    @Test
    void theProgramRanEveryCheckAndExitedWithSuccess() {
        List<String> checks = report.get("results").valueStream().map(result -> result.get("check").stringValue()).toList();
        List<String> failed = report.get("results").valueStream().filter(result -> !result.get("ok").asBoolean())
                .map(result -> result.get("check").stringValue() + ": " + result.path("failure").asString("")).toList();

        assertThat(checks).as("the checks of the %s program", language()).containsExactlyElementsOf(checks());
        assertThat(exitStatus).as("exit status of the %s program; failed checks %s; stderr: %s", language(), failed, stderr).isZero();
    }

    @Test
    void getHealth() {
        assertObserved("getHealth", GeneratedClientExpectations::health);
    }

    @Test
    void listProspectSearchesHasTheOrganizationsSearchesNewestFirst() {
        GeneratedClientExpectations.assertProspectSearches(language(), result("listProspectSearches"), fixture(), finished);
    }

    @Test
    void getProspectSearchIsTheListsEntry() {
        JsonNode search = result("getProspectSearch");
        JsonNode listed = result("listProspectSearches").get("searches").valueStream()
                .filter(candidate -> candidate.get("id").stringValue().equals(SEARCH)).findFirst().orElseThrow();

        assertThat(search.get("id").stringValue()).isEqualTo(SEARCH);
        assertThat(search.get("name").stringValue())
                .isEqualTo(GeneratedClientExpectations.fixtureSearches(fixture(), Fixture.ORG_OURS).get(SEARCH).get("name").stringValue());
        assertThat(search.get("company_count").asLong()).isEqualTo(fixture().companiesOf(SEARCH).size());
        GeneratedClientExpectations.assertSearchTimes(search, fixture(), finished);
        assertSameWire(language() + " getProspectSearch against its listProspectSearches entry", search, listed, fixture());
    }

    @Test
    void theCursorWalkReturnsTheIdsOfTheOffsetWalkInOrder() {
        JsonNode byCursor = result("listCompanies by cursor");
        JsonNode byOffset = result("listCompanies by offset");
        List<String> expected = Expected.companyIds(fixture(), SEARCH, company -> true);

        List<String> offsetIds = texts(byOffset.get("ids"));
        assertThat(offsetIds).as("the offset walk: every company of the search, in the list's order").containsExactlyElementsOf(expected);
        assertThat(texts(byCursor.get("ids"))).as("the cursor walk against the offset walk").containsExactlyElementsOf(offsetIds);
    }

    /** The export, read to its end, holds the search's companies in the list's order, as many as it announced. */
    @Test
    void theExportReadToItsEndIsTheSearchInTheListsOrder() {
        JsonNode export = result("exportProspectSearchCompanies");
        List<String> expected = Expected.companyIds(fixture(), SEARCH, company -> true);

        assertThat(texts(export.get("ids"))).as("the export's lines").containsExactlyElementsOf(expected);
        assertThat(export.get("export_total").asString("")).isEqualTo(Integer.toString(expected.size()));
    }

    @Test
    void cursorPagesFollowThePaginationRules() {
        GeneratedClientExpectations.assertCursorWalk(language(), result("listCompanies by cursor"), fixture());
    }

    @Test
    void offsetPagesCarryNextCursorToo() {
        List<JsonNode> pages = result("listCompanies by offset").get("pages").valueStream().toList();
        int total = fixture().companiesOf(SEARCH).size();

        for (int i = 0; i < pages.size(); i++) {
            JsonNode page = pages.get(i);
            String what = "offset page " + (i + 1) + " " + page;
            assertThat(page.get("offset").asInt()).as(what).isEqualTo(i * PAGE_SIZE);
            assertThat(page.get("total").asLong()).as(what).isEqualTo(total);
            assertThat(page.get("has_more").asBoolean()).as(what).isEqualTo(i * PAGE_SIZE + page.get("ids").size() < total);
            GeneratedClientExpectations.assertCursorWhenMore(page, what);
        }
    }

    @Test
    void includeEmbedsTheSummaryEndpointsBodies() {
        JsonNode company = result("getCompany with include");
        assertThat(company.isObject()).as("the company: %s", company).isTrue();
        ObjectNode own = ((ObjectNode) company).deepCopy();
        own.remove(List.of("jobs_summary", "webtech_summary"));

        assertSameWire(language() + " getCompany with include, its own fields", own, GeneratedClientExpectations.company(fixture()), fixture());
        assertSameWire(language() + " include's jobs_summary against getCompanyJobsSummary", company.get("jobs_summary"),
                result("getCompanyJobsSummary"), fixture());
        assertSameWire(language() + " include's webtech_summary against getCompanyWebtechSummary", company.get("webtech_summary"),
                result("getCompanyWebtechSummary"), fixture());
        assertSameWire(language() + " include's jobs_summary", company.get("jobs_summary"), GeneratedClientExpectations.jobsSummary(fixture()),
                fixture());
        assertSameWire(language() + " include's webtech_summary", company.get("webtech_summary"),
                GeneratedClientExpectations.technologySummary(fixture()), fixture());
    }

    @Test
    void includeOnTheListEmbedsTheSummariesInEachCompany() {
        assertSameWire(language() + " listCompanies with include", result("listCompanies with include"),
                GeneratedClientExpectations.companiesWithSummaries(fixture()), fixture());
    }

    @Test
    void theSummaryEndpoints() {
        assertObserved("getCompanyJobsSummary", () -> GeneratedClientExpectations.jobsSummary(fixture()));
        assertObserved("getCompanyWebtechSummary", () -> GeneratedClientExpectations.technologySummary(fixture()));
    }

    @Test
    void getUsageDescribesTheCallingKey() {
        JsonNode observed = result("getUsage");
        JsonNode usage = observed.get("usage");
        String key = keys().main();

        assertThat(UUID.fromString(usage.get("id").stringValue())).isNotNull();
        assertThat(usage.get("hint").stringValue()).isEqualTo(hint(key));
        assertThat(usage.get("tier").stringValue()).isEqualTo("pro");
        assertThat(usage.get("environment").stringValue()).as("the environment the key names").isEqualTo(key.split("_")[1]);
        assertThat(texts(usage.get("scopes"))).containsExactly("companies:read");
        assertThat(usage.has("expires_at")).as("expires_at of a key without an expiry").isFalse();
        assertThat(usage.get("limit").asInt()).isEqualTo(1000);
        assertThat(usage.get("remaining").asInt()).isBetween(0, 1000);
        assertThat(observed.get("remaining_header").stringValue()).as("X-RateLimit-Remaining of the same answer")
                .isEqualTo(Integer.toString(usage.get("remaining").asInt()));
        assertThat(observed.get("limit_header").stringValue()).isEqualTo("1000");
        assertThat(usage.get("exports_running").asInt()).as("exports this key runs: none").isZero();
        // Full again at most an hour from now (now, when it is full).
        assertThat(GeneratedClientExpectations.time(usage.get("reset_at"))).isBetween(started.minusSeconds(1), finished.plusSeconds(3601));
    }

    @Test
    void anUnknownCompanyIsATypedNotFound() {
        JsonNode error = result("getCompany unknown (404)");

        assertThat(error.get("status").asInt()).isEqualTo(404);
        assertThat(error.get("error").stringValue()).isEqualTo("NOT_FOUND");
        assertThat(error.get("message").stringValue()).isEqualTo("Company with ID " + unknownCompany + " not found");
    }

    @Test
    void aForgedCursorIsATypedValidationErrorNamingCursor() {
        JsonNode error = result("listCompanies forged cursor (400)");

        assertThat(error.get("status").asInt()).isEqualTo(400);
        assertThat(error.get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
        assertThat(error.get("message").stringValue()).contains("cursor");
    }

    /** The key's first 8 and last 8 characters, joined by "...". */
    static String hint(String key) {
        return key.substring(0, 8) + "..." + key.substring(key.length() - 8);
    }

    /** Every entry of the report whose observed value holds pages, with the queries the client sent. */
    List<String> queriesSent(String check) {
        List<String> queries = new ArrayList<>();
        JsonNode observed = entry(check).path("observed");
        observed.path("pages").valueStream()
                .filter(page -> page.hasNonNull("query"))
                .forEach(page -> queries.add(page.get("query").stringValue()));
        if (observed.hasNonNull("failed_query")) {
            queries.add(observed.get("failed_query").stringValue());
        }
        return queries;
    }

    /** The names of a query string's parameters. */
    static Set<String> parameterNames(String query) {
        Set<String> names = new HashSet<>();
        for (String parameter : query.split("&")) {
            names.add(parameter.split("=", 2)[0]);
        }
        return names;
    }
}
