package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.prospectdata.contract.support.Directories;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerJar;
import com.prospectdata.testing.Json;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The command line as a script drives the packaged jar (docs/OPERATIONS.md, "The command line
 * for scripts"): each documented exit status with its one line on stderr, and {@code --output
 * json} on a new embedded database, which the first command creates and migrates and the second
 * finds up to date. The in-process tests (ExitStatusTest, OperatorCommandLineTest) cover every
 * command; this shows the same holds for the process's own exit status.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@RunsBesideOthers
@Order(15) // after the longest of those that run beside the sequence (junit-platform.properties)
class CommandLineJarTest {

    private final Path directory = Path.of(System.getProperty("basedir", ".")).toAbsolutePath()
            .resolve("target/contract/command-line");

    private static String oneLine(ServerJar.Result result, int status) {
        assertThat(result.exitStatus()).as("%s", result).isEqualTo(status);
        List<String> lines = result.stderr().lines().filter(line -> !line.isBlank()).toList();
        assertThat(lines).as("one line on stderr: %s", result).hasSize(1);
        assertThat(result.stdout()).as("%s", result).isEmpty();
        return lines.getFirst();
    }

    /** The JSON object, without what the JVM's training run may print around it. */
    private static String jsonObjectIn(String stdout) {
        return stdout.substring(stdout.indexOf('{'), stdout.lastIndexOf('}') + 1);
    }

    @Test
    void exitStatusesAndJsonOutputAsAScriptSeesThem() throws Exception {
        Directories.deleteRecursively(directory);
        ServerJar jar = ServerJar.onEmbeddedDatabase(directory);

        JsonNode created = Json.parse(jsonObjectIn(jar.run("orgs", "create", "--name", "Scripted", "-o", "json").requireSuccess().stdout()));
        String organization = created.get("id").asString();
        // After a first command: the run's first one may be the JVM's training run, which says so on stdout.
        assertThat(oneLine(jar.run("serve", "--bogus"), 2))
                .isEqualTo("error: Unknown option: '--bogus': serve takes --demo and Spring properties as --name=value"
                        + " (see: prospect-api serve --help)");
        Path missing = directory.resolve("no-such-folder");
        assertThat(oneLine(jar.run("demo-data", "--companies", "2", "--file", missing.resolve("demo.jsonl").toString()), 1))
                .isEqualTo("error: no such folder: " + missing + " (for " + missing.resolve("demo.jsonl") + ")");
        JsonNode issued = Json.parse(jar.run("keys", "issue", "--org", organization, "--tier", "free", "--output", "json")
                .requireSuccess().stdout());
        JsonNode listed = Json.parse(jar.run("keys", "list", "--output", "json").requireSuccess().stdout());

        assertThat(listed.isArray()).isTrue();
        assertThat(listed.size()).isEqualTo(1);
        assertThat(listed.get(0).get("id").asString()).isEqualTo(issued.get("id").asString());
        assertThat(listed.get(0).get("organization_id").asString()).isEqualTo(organization);
        assertThat(listed.get(0).get("expires_at").isNull()).isTrue();
        jar.run("keys", "revoke", issued.get("id").asString()).requireSuccess();
        assertThat(oneLine(jar.run("keys", "revoke", issued.get("id").asString()), 1)).contains("already revoked");
    }

    /**
     * The machine's default {@code java} may be older than the jar's (17 on these machines): one
     * line names it and the way out, instead of an UnsupportedClassVersionError's stack.
     */
    @Test
    void onAnOlderJavaOneLineSaysWhichJavaItNeeds() throws Exception {
        Optional<Path> older = olderJava();
        assumeTrue(older.isPresent(), "no Java 17 to 20 under /usr/lib/jvm");
        Process process = new ProcessBuilder(older.get().resolve("bin/java").toString(), "-jar",
                System.getProperty("contract.server.jar"), "keys", "list")
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        ServerJar.Result result = new ServerJar.Result(List.of("keys", "list"), process.exitValue(), stdout, stderr);
        assertThat(oneLine(result, 1)).matches("error: prospect-api needs Java 21 or newer, and this is Java (1[7-9]|20) \\(.+\\):"
                + " run it with a newer one, e\\.g\\. \\$JAVA_HOME/bin/java -jar prospect-api\\.jar \\.\\.\\.");
    }

    /** A Java 17 to 20 installed the Debian way, from its release file. */
    private static Optional<Path> olderJava() throws IOException {
        Path installed = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(installed)) {
            return Optional.empty();
        }
        try (Stream<Path> homes = Files.list(installed)) {
            return homes.filter(home -> Files.isExecutable(home.resolve("bin/java")) && Files.isRegularFile(home.resolve("release")))
                    .filter(home -> {
                        try {
                            return Files.readString(home.resolve("release")).lines()
                                    .anyMatch(line -> line.matches("JAVA_VERSION=\"(17|18|19|20)[\".].*"));
                        } catch (IOException e) {
                            return false;
                        }
                    })
                    .sorted()
                    .findFirst();
        }
    }
}
