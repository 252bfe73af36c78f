package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Go client a partner generates from api/openapi.yaml (openapi-generator's {@code go}
 * generator, default options), built by the build with the machine's Go, offline, together with
 * src/test/go/check-client, which calls the API through it (target/go/build). This test runs that
 * program against the server under test and holds its report to the fixture and the document's
 * rules ({@link GeneratedClientProgram}): typed results written back by the generated models'
 * MarshalJSON, and a 404 and a 400 as the client's GenericOpenAPIError whose Model() is the
 * generated ErrorResponse. The 429 is left to PythonClientJarTest and the Java and TypeScript
 * clients' tests: provoking one takes a key of its own, seconds of an operator command.
 */
class GoClientJarTest extends GeneratedClientProgram {

    private static final Path BUILD = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target").resolve("go");
    private static final Path PROGRAM = BUILD.resolve("bin").resolve("check-client");

    @Override
    String language() {
        return "Go";
    }

    @Override
    List<String> checks() {
        return CHECKS;
    }

    @Override
    String workDirectory() {
        return "go-client";
    }

    @Override
    ProcessBuilder program() {
        assertThat(Files.isExecutable(PROGRAM)).as("%s, the program the build's go-build step writes (target/go/build)", PROGRAM).isTrue();
        return new ProcessBuilder(PROGRAM.toString()).directory(BUILD.toFile());
    }

    /**
     * The Pagination section of the document refuses {@code cursor} together with {@code offset}.
     * The go generator's client sends the declared default of every optional query parameter the
     * caller left unset, so a document whose Offset declares {@code default: 0} makes every cursor
     * request of a Go client carry {@code offset=0}.
     */
    @Test
    void cursorRequestsCarryNoOffset() {
        List<String> queries = queriesSent("listCompanies by cursor");

        assertThat(queries).as("the queries the Go client sent for the cursor walk").isNotEmpty();
        assertThat(queries).filteredOn(query -> parameterNames(query).contains("cursor"))
                .as("cursor requests of the Go client that also send offset: the go generator sends every optional"
                        + " query parameter's declared default, so Offset declares none, and the document refuses cursor with offset")
                .allSatisfy(query -> assertThat(parameterNames(query)).doesNotContain("offset"));
    }
}
