package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The TypeScript client a partner generates from api/openapi.yaml (openapi-generator's
 * {@code typescript-fetch}, default options), compiled with tsc by the build together with
 * src/test/typescript/src/check-client.ts, which calls every operation through it. This test runs
 * that program with node against the server under test and holds its report to the fixture and
 * the document's rules ({@link LimitedKeyClientProgram}): the typed results of every operation (as
 * the client's own XxxToJSON writes them back), and a 404, a 400 and a 429 as the client's
 * ResponseError with the body read by the generated ErrorResponseFromJSON /
 * RateLimitErrorResponseFromJSON. Beside the checks of every program it calls the operations with
 * more of their parameters, as JavaClientJarTest does.
 */
class TypeScriptClientJarTest extends LimitedKeyClientProgram {

    private static final Path BUILD = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target").resolve("typescript");
    private static final Path PROGRAM = BUILD.resolve("dist").resolve("src").resolve("check-client.js");

    /** The checks only this program makes, after those of {@link #CHECKS} and before those of {@link #OVER_BUDGET}. */
    private static final List<String> MORE_PARAMETERS = List.of(
            "listCompanies by score and statuses",
            "listCompanies by search and status",
            "getCompany",
            "listCompanyJobs",
            "listCompanyTechnologies",
            "listCompanies limit 0 (400)");

    @Override
    String language() {
        return "TypeScript";
    }

    @Override
    List<String> checksBeforeTheLimitedKey() {
        return Stream.concat(CHECKS.stream(), MORE_PARAMETERS.stream()).toList();
    }

    @Override
    String workDirectory() {
        return "typescript-client";
    }

    @Override
    ProcessBuilder program() {
        assertThat(PROGRAM).as("the compiled program (the build's typescript-compile step writes it)").isRegularFile();
        return new ProcessBuilder("node", PROGRAM.toString()).directory(BUILD.toFile());
    }

    /** Node trusts the server's self-signed certificate as an extra CA: host name checks stay on. */
    @Override
    void environment(Map<String, String> variables, Path certificate) {
        variables.put("NODE_EXTRA_CA_CERTS", certificate.toString());
    }

    @Test
    void listCompaniesWithMoreParameters() {
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
    void listCompanyTechnologies() {
        assertObserved("listCompanyTechnologies", () -> GeneratedClientExpectations.technologies(fixture()));
    }

    @Test
    void anInvalidParameterIsATypedValidationError() {
        JsonNode error = result("listCompanies limit 0 (400)");

        assertThat(error.get("status").asInt()).isEqualTo(400);
        assertThat(error.get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
        assertThat(error.get("message").stringValue()).contains("limit").contains("between 1 and 100");
    }
}
