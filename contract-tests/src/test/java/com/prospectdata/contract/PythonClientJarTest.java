package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The Python client a partner generates from api/openapi.yaml (openapi-generator's
 * {@code python} generator, default options: package openapi_client on pydantic 2 and urllib3 2),
 * byte-compiled by the build together with src/test/python/check_client.py, which calls the API
 * through it. This test runs that program with the machine's Python (-Dcontract.python, default
 * python3) and PYTHONPATH=target/python/generated, nothing installed, against the server under
 * test, and holds its report to the fixture and the document's rules
 * ({@link LimitedKeyClientProgram}): typed results written back by the client's own
 * sanitize_for_serialization, and a 404, a 400 and a 429 as the client's exceptions whose data
 * is the generated ErrorResponse or RateLimitErrorResponse.
 *
 * <p>The program switches off the retry that urllib3 makes by default of a GET answered 429 with
 * Retry-After (docs/clients.md): with it, the 429 check would wait an hour three times.
 * A Python without pydantic 2 or urllib3 2 fails this test with the program's one line saying what
 * is missing.
 */
class PythonClientJarTest extends LimitedKeyClientProgram {

    private static final Path BUILD = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target").resolve("python");
    private static final Path PROGRAM = BUILD.resolve("check_client.py");
    private static final Path CLIENT = BUILD.resolve("generated");

    /** The program's exit status when this Python lacks what the generated client needs. */
    private static final int MISSING_REQUIREMENTS = 3;

    @Override
    String language() {
        return "Python";
    }

    @Override
    List<String> checksBeforeTheLimitedKey() {
        return CHECKS;
    }

    @Override
    String workDirectory() {
        return "python-client";
    }

    @Override
    ProcessBuilder program() {
        assertThat(PROGRAM).as("the program the build copies to target/python").isRegularFile();
        assertThat(CLIENT.resolve("openapi_client").resolve("__init__.py")).as("the client the build generates").isRegularFile();
        ProcessBuilder python = new ProcessBuilder(System.getProperty("contract.python", "python3"), PROGRAM.getFileName().toString())
                .directory(BUILD.toFile());
        python.environment().put("PYTHONPATH", CLIENT.toString());
        python.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        return python;
    }

    @Override
    void checkTheRuntime(int exitStatus, String stderr) {
        if (exitStatus == MISSING_REQUIREMENTS) {
            throw new AssertionError(stderr.strip());
        }
    }

    @Test
    void errorsAreTheClientsExceptionsWithTheGeneratedModels() {
        JsonNode notFound = result("getCompany unknown (404)");
        JsonNode invalid = result("listCompanies forged cursor (400)");
        JsonNode overBudget = result("getCompany over budget (429)");

        assertThat(notFound.get("exception").stringValue()).isEqualTo("NotFoundException");
        assertThat(notFound.get("model").stringValue()).isEqualTo("ErrorResponse");
        assertThat(invalid.get("exception").stringValue()).isEqualTo("BadRequestException");
        assertThat(invalid.get("model").stringValue()).isEqualTo("ErrorResponse");
        // No subclass for 429: ApiException itself.
        assertThat(overBudget.get("exception").stringValue()).isEqualTo("ApiException");
        assertThat(overBudget.get("model").stringValue()).isEqualTo("RateLimitErrorResponse");
    }
}
