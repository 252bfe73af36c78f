package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.Directories;
import com.prospectdata.contract.support.Management;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.testing.Json;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * {@code serve --demo} as a newcomer runs it: on the embedded database in a fresh directory,
 * with no datasource configured. The lines of its banner are pasted into a shell in that same
 * directory, exactly as printed: the curl line answers companies, the revoke line revokes the
 * demo key.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class DemoModeJarTest {

    private static final Duration BANNER_TIMEOUT = Duration.ofSeconds(180);

    private Path directory;
    private Process server;
    private final int managementPort = ServerProcess.freePort();
    private final List<String> output = new ArrayList<>();

    @BeforeAll
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void serveTheDemo() throws Exception {
        directory = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().resolve("target/contract/demo-mode");
        Directories.deleteRecursively(directory);
        Files.createDirectories(directory);
        String java = ProcessHandle.current().info().command().orElseThrow();
        String jar = Path.of(System.getProperty("contract.server.jar")).toAbsolutePath().toString();
        ProcessBuilder builder = new ProcessBuilder(java, "-jar", jar, "serve", "--demo",
                "--server.port=" + ServerProcess.freePort(), "--management.server.port=" + managementPort)
                .directory(directory.toFile())
                .redirectErrorStream(true);
        builder.environment().keySet().removeIf(name -> name.startsWith("SPRING_") || name.startsWith("APP_"));
        // To a file, not a pipe: a thread reading the pipe can meet "Stream closed" when the
        // process ends while it reads (the JDK drains and closes the pipe at exit), after the test.
        Path log = directory.resolve("serve.log");
        server = builder.redirectOutput(log.toFile()).start();
        Awaitility.await("the demo banner's two rules in " + log)
                .atMost(BANNER_TIMEOUT)
                .pollInterval(Duration.ofMillis(250))
                .failFast("the demo server ended", () -> !server.isAlive())
                .until(() -> bannerRules(linesOf(log)) >= 2);
        output.addAll(linesOf(log));
        assertThat(bannerRules(output)).as("the demo banner, in:\n%s", String.join("\n", output)).isEqualTo(2);
    }

    /** The lines written so far; a character cut in half by the writer is replaced, not fatal. */
    private static List<String> linesOf(Path log) throws IOException {
        return new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
    }

    private static long bannerRules(List<String> lines) {
        return lines.stream().filter(line -> line.startsWith("=====")).count();
    }

    @AfterAll
    void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor();
            }
        }
    }

    private String bannerLine(String pattern) {
        Pattern wanted = Pattern.compile(pattern);
        return output.stream().map(String::strip).filter(line -> wanted.matcher(line).find()).findFirst()
                .orElseThrow(() -> new AssertionError("No line matching " + pattern + " in:\n" + String.join("\n", output)));
    }

    /** Runs the line in bash, in the directory the server was started from, as a pasted line runs. */
    private ProcessResult paste(String line) throws IOException, InterruptedException {
        Process shell = new ProcessBuilder("bash", "-c", line).directory(directory.toFile()).redirectErrorStream(true).start();
        String printed = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(shell.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new ProcessResult(shell.exitValue(), printed);
    }

    record ProcessResult(int status, String output) {
    }

    @Test
    @Order(2)
    void theCurlLineAnswersCompaniesAndTheRevokeLineRevokesTheKey() throws Exception {
        ProcessResult companies = paste(bannerLine("^curl -s "));
        assertThat(companies.status()).as("%s", companies).isZero();
        JsonNode page = Json.parse(companies.output());
        assertThat(page.get("items").size()).as("%s", companies.output()).isEqualTo(3);
        assertThat(page.get("total").asInt()).isGreaterThan(3);

        String revokeLine = bannerLine("keys revoke ");
        assertThat(revokeLine).as("this JVM's java, not the machine's default").contains(ProcessHandle.current().info().command().orElseThrow());
        ProcessResult revoked = paste(revokeLine);
        assertThat(revoked.status()).as("%s", revoked).isZero();
        Matcher id = Pattern.compile("keys revoke ([0-9a-f-]{36})").matcher(revokeLine);
        assertThat(id.find()).isTrue();
        assertThat(revoked.output()).contains("revoked: " + id.group(1));
    }

    /** GET of {@code url} with the demo key, as a partner's client sends it: the answer's status, headers and bytes. */
    private java.net.http.HttpResponse<byte[]> demoGet(String url, String key, boolean gzip) throws Exception {
        java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder()
                .sslContext(com.prospectdata.contract.support.LocalTls.trustingEverything()).build();
        java.net.http.HttpRequest.Builder request = java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
                .header("Authorization", "Bearer " + key);
        if (gzip) {
            request.header("Accept-Encoding", "gzip");
        }
        java.net.http.HttpResponse<byte[]> response = client.send(request.build(), java.net.http.HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).as("%s: %s", url, new String(response.body(), StandardCharsets.UTF_8)).isEqualTo(200);
        return response;
    }

    private static byte[] decoded(java.net.http.HttpResponse<byte[]> response) throws IOException {
        if (response.headers().firstValue("Content-Encoding").filter("gzip"::equals).isEmpty()) {
            return response.body();
        }
        try (java.util.zip.GZIPInputStream in = new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(response.body()))) {
            return in.readAllBytes();
        }
    }

    /**
     * The export of the demo's largest search equals its list pages put end to end, field for
     * field, with and without {@code include}, gzipped or not, and {@code Export-Total} counts its
     * lines (docs/api-rules.md §14).
     */
    @Test
    @Order(1)
    void anExportIsTheSearchsListPagesEndToEnd() throws Exception {
        Matcher curl = Pattern.compile("Bearer ([A-Za-z0-9_]+)\" \"(https://[^/]+)/api/v1/companies/\\?prospect_search_id=([0-9a-f-]{36})")
                .matcher(bannerLine("^curl -s "));
        assertThat(curl.find()).isTrue();
        String key = curl.group(1);
        String base = curl.group(2);
        String search = curl.group(3);
        for (String include : List.of("", "&include=jobs_summary&include=webtech_summary")) {
            List<JsonNode> listed = new ArrayList<>();
            String cursor = null;
            do {
                JsonNode page = Json.parse(decoded(demoGet(base + "/api/v1/companies/?prospect_search_id=" + search + "&limit=100"
                        + include + (cursor == null ? "" : "&cursor=" + cursor), key, true)));
                page.get("items").forEach(listed::add);
                cursor = page.has("next_cursor") ? page.get("next_cursor").stringValue() : null;
            } while (cursor != null);
            for (boolean gzip : List.of(false, true)) {
                java.net.http.HttpResponse<byte[]> export = demoGet(base + "/api/v1/prospect-searches/" + search
                        + "/companies/export" + (include.isEmpty() ? "" : "?" + include.substring(1)), key, gzip);
                assertThat(export.headers().firstValue("Content-Encoding").isPresent()).isEqualTo(gzip);
                String[] lines = new String(decoded(export), StandardCharsets.UTF_8).split("\n");
                assertThat(export.headers().firstValue("Export-Total")).contains(Integer.toString(lines.length));
                assertThat(lines).hasSize(listed.size()).hasSizeGreaterThan(500);
                for (int i = 0; i < lines.length; i++) {
                    assertThat(Json.sameValue(Json.parse(lines[i]), listed.get(i))).as("line %d (include %s, gzip %s)", i + 1, include, gzip)
                            .isTrue();
                }
            }
        }
    }

    @Test
    void readinessWaitedForTheDemoDataWhichTheMetricsCount() {
        Management management = new Management("http://127.0.0.1:" + managementPort);
        // The banner is printed just before the demo is marked loaded.
        HttpResponse<String> readiness = Awaitility.await("the demo's readiness")
                .atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> management.get("/actuator/health/readiness"), answer -> answer.statusCode() == 200);
        assertThat(Json.parse(readiness.body()).get("components").get("demoData").get("status").stringValue()).isEqualTo("UP");
        assertThat(management.scrape().sum("api_records_loaded_total", Map.of("source", "demo_data", "type", "company")))
                .as("the demo's companies, loaded by this process").isEqualTo(3000);
    }
}
