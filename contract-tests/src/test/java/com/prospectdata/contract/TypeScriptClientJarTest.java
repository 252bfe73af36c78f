package com.prospectdata.contract;

import static com.prospectdata.contract.GeneratedClientExpectations.COMPANY;
import static com.prospectdata.contract.GeneratedClientExpectations.SEARCH;
import static com.prospectdata.contract.GeneratedClientExpectations.assertSameWire;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.TlsCertificates;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The TypeScript client a partner generates from api/openapi.yaml (openapi-generator's
 * {@code typescript-fetch}), compiled with tsc by the build together with
 * src/test/typescript/src/check-client.ts, which calls every operation through it. This test runs
 * that program with node against the server under test and holds its report to the fixture:
 * the typed results of every operation (as the client's own XxxToJSON writes them back), and a
 * 404, a 400 and a 429 as the client's ResponseError with the body read by the generated
 * ErrorResponseFromJSON / RateLimitErrorResponseFromJSON.
 */
class TypeScriptClientJarTest extends ContractTest {

    private static final Path BUILD = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target").resolve("typescript");
    private static final Path PROGRAM = BUILD.resolve("dist").resolve("src").resolve("check-client.js");

    /** The checks of check-client.ts, in its order. */
    private static final List<String> CHECKS = List.of(
            "getHealth",
            "listCompanies by score and statuses",
            "listCompanies by search and status",
            "getCompany",
            "listCompanyJobs",
            "getCompanyJobsSummary",
            "listCompanyTechnologies",
            "getCompanyWebtechSummary",
            "getCompany unknown (404)",
            "listCompanies limit 0 (400)",
            "getCompany over budget (429)");

    private static JsonNode report;
    private static int exitStatus;
    private static String stderr;
    private static String unknownCompany;
    private static long secondsSinceTheRun;

    @BeforeAll
    static void runTheProgram() throws Exception {
        assertThat(PROGRAM).as("the compiled program (the build's typescript-compile step writes it)").isRegularFile();
        Path work = Files.createDirectories(environment().serverLog().getParent().resolve("typescript-client"));
        // Node trusts the server's self-signed certificate as an extra CA: hostname checks stay on.
        Path certificate = work.resolve("server-certificate.pem");
        Files.writeString(certificate, TlsCertificates.pem(TlsCertificates.presentedOn(environment().port())), StandardCharsets.US_ASCII);
        // A key of its own with a budget of one request an hour: the program spends it and gets the 429.
        String limitedKey = environment().operatorCommands().run("keys", "issue", "--org", Fixture.ORG_OURS,
                "--tier", "enterprise", "--rate-limit", "1", "--label", "TypeScriptClientJarTest").requireSuccess().field("key");
        unknownCompany = UUID.randomUUID().toString();

        Path reportFile = work.resolve("report.json");
        Path stderrFile = work.resolve("stderr.txt");
        ProcessBuilder node = new ProcessBuilder("node", PROGRAM.toString())
                .directory(BUILD.toFile())
                .redirectOutput(reportFile.toFile())
                .redirectError(stderrFile.toFile());
        Map<String, String> variables = node.environment();
        variables.put("NODE_EXTRA_CA_CERTS", certificate.toString());
        variables.put("PROSPECT_API_BASE_URL", environment().baseUri());
        variables.put("PROSPECT_API_KEY", keys().main());
        variables.put("PROSPECT_API_LIMITED_KEY", limitedKey);
        variables.put("PROSPECT_SEARCH_ID", SEARCH);
        variables.put("PROSPECT_COMPANY_ID", COMPANY);
        variables.put("PROSPECT_UNKNOWN_COMPANY_ID", unknownCompany);
        long started = Instant.now().getEpochSecond();
        Process process = node.start();
        if (!process.waitFor(45, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("check-client.js did not finish within 45 s; its output so far: "
                    + Files.readString(reportFile, StandardCharsets.UTF_8));
        }
        secondsSinceTheRun = Instant.now().getEpochSecond() - started + 1;
        exitStatus = process.exitValue();
        stderr = Files.readString(stderrFile, StandardCharsets.UTF_8);
        String output = Files.readString(reportFile, StandardCharsets.UTF_8);
        try {
            report = Json.parse(output);
        } catch (RuntimeException e) {
            throw new AssertionError("check-client.js wrote no JSON report (exit status " + exitStatus + "):\n" + output
                    + "\nstderr:\n" + stderr, e);
        }
    }

    /** The check's result in the report, which must have passed in the program. */
    private static JsonNode result(String check) {
        JsonNode result = null;
        for (JsonNode candidate : report.get("results")) {
            if (candidate.get("check").stringValue().equals(check)) {
                result = candidate;
            }
        }
        assertThat(result).as("the report's result of %s: %s", check, report).isNotNull();
        assertThat(result.get("ok").asBoolean()).as("TypeScript check %s: %s", check, result.path("failure").asString("")).isTrue();
        return result.get("observed");
    }

    private static void assertObserved(String check, Supplier<JsonNode> expected) {
        assertSameWire("TypeScript check " + check, result(check), expected.get(), fixture());
    }

    @Test
    void theProgramRanEveryCheckAndExitedWithSuccess() {
        List<String> checks = report.get("results").valueStream().map(result -> result.get("check").stringValue()).toList();

        List<String> failed = report.get("results").valueStream().filter(result -> !result.get("ok").asBoolean())
                .map(result -> result.get("check").stringValue() + ": " + result.path("failure").asString("")).toList();

        assertThat(checks).as("the checks of check-client.js").containsExactlyElementsOf(CHECKS);
        assertThat(exitStatus).as("exit status of check-client.js; failed checks %s; stderr: %s", failed, stderr).isZero();
    }

    @Test
    void getHealth() {
        assertObserved("getHealth", GeneratedClientExpectations::health);
    }

    @Test
    void listCompanies() {
        assertObserved("listCompanies by score and statuses", () -> GeneratedClientExpectations.companiesByScoreAndStatuses(fixture()));
        assertObserved("listCompanies by search and status", () -> GeneratedClientExpectations.companiesBySearchAndStatus(fixture()));
    }

    @Test
    void getCompany() {
        assertObserved("getCompany", () -> GeneratedClientExpectations.company(fixture()));
    }

    @Test
    void listCompanyJobs() {
        assertObserved("listCompanyJobs", () -> GeneratedClientExpectations.jobs(fixture()));
    }

    @Test
    void getCompanyJobsSummary() {
        assertObserved("getCompanyJobsSummary", () -> GeneratedClientExpectations.jobsSummary(fixture()));
    }

    @Test
    void listCompanyTechnologies() {
        assertObserved("listCompanyTechnologies", () -> GeneratedClientExpectations.technologies(fixture()));
    }

    @Test
    void getCompanyWebtechSummary() {
        assertObserved("getCompanyWebtechSummary", () -> GeneratedClientExpectations.technologySummary(fixture()));
    }

    @Test
    void anUnknownCompanyIsATypedNotFound() {
        JsonNode error = result("getCompany unknown (404)");

        assertThat(error.get("status").asInt()).isEqualTo(404);
        assertThat(error.get("error").stringValue()).isEqualTo("NOT_FOUND");
        assertThat(error.get("message").stringValue()).isEqualTo("Company with ID " + unknownCompany + " not found");
    }

    @Test
    void anInvalidParameterIsATypedValidationError() {
        JsonNode error = result("listCompanies limit 0 (400)");

        assertThat(error.get("status").asInt()).isEqualTo(400);
        assertThat(error.get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
        assertThat(error.get("message").stringValue()).contains("limit").contains("between 1 and 100");
    }

    @Test
    void anEmptyBudgetIsATypedRateLimitError() {
        JsonNode error = result("getCompany over budget (429)");

        assertThat(error.get("status").asInt()).isEqualTo(429);
        assertThat(error.get("error").stringValue()).isEqualTo("RATE_LIMIT_EXCEEDED");
        assertThat(error.get("retry_after").isIntegralNumber()).as("retry_after is an integer: %s", error).isTrue();
        int retryAfter = error.get("retry_after").asInt();
        // The one token comes back an hour after the program spent it, less what has trickled back in since.
        assertThat(retryAfter).isBetween((int) Math.max(1, 3600 - secondsSinceTheRun - 1), 3601);
        assertThat(error.get("retry_after_header").stringValue()).isEqualTo(Integer.toString(retryAfter));
        assertThat(error.get("message").stringValue()).isEqualTo("Rate limit exceeded. Retry after " + retryAfter + " seconds.");
    }
}
