package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.Directories;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerJar;
import com.prospectdata.contract.support.ServerProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The embedded database belongs to no command (docs/OPERATIONS.md, "The embedded database"):
 * whichever process starts it, a running {@code serve} keeps a working database while other
 * processes come and go, and the last process out stops it. Everything runs the jar as a
 * newcomer does, with no datasource configured, on a data directory of its own.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
@RunsBesideOthers
@Order(13) // after the longest of those that run beside the sequence (junit-platform.properties)
class EmbeddedDatabaseOwnershipJarTest {

    private static final Duration KEEPS_ANSWERING = Duration.ofSeconds(3);

    private final Path directory = Path.of(System.getProperty("basedir", ".")).toAbsolutePath()
            .resolve("target/contract/embedded-ownership");

    @Test
    void aServeThatAttachedKeepsAnsweringWhenTheProcessThatStartedTheDatabaseExitsAndTheLastOneOutStopsIt() throws Exception {
        Directories.deleteRecursively(directory);
        ServerJar jar = ServerJar.onEmbeddedDatabase(directory);
        Path postgres = directory.resolve("data/postgres");

        // A command on its own starts the database and, with nobody else on it, stops it again.
        ServerJar.Result demo = jar.run("demo-data", "--companies", "50").requireSuccess();
        String organization = demo.field("demo organization");
        String companies = "/api/v1/companies/?limit=1&prospect_search_id=" + demo.field("largest prospect search of this load");
        assertThat(runningPostmaster(postgres)).as("a lone command leaves no database behind").isEmpty();

        try (ServerProcess starter = ServerProcess.on(jar, directory, "starter").start();
             ServerProcess attached = ServerProcess.on(jar, directory, "attached").start()) {
            long postmaster = runningPostmaster(postgres).orElseThrow();
            assertThat(starter.logText()).contains("Started the embedded PostgreSQL");
            assertThat(attached.logText()).contains("Using the embedded PostgreSQL already running");

            // A command comes and goes while both serve.
            String key = jar.run("keys", "issue", "--org", organization, "--tier", "pro").requireSuccess().field("key");
            assertThat(companies(attached, companies, key)).as("the key the command issued").isEqualTo(200);
            assertThat(companies(starter, companies, key)).isEqualTo(200);

            // The process that started the database ends.
            starter.terminate();
            assertThat(starter.awaitExit(Duration.ofSeconds(40))).as("the starter exits").isPresent();
            assertThat(starter.logText()).contains("Leaving the embedded PostgreSQL running");
            assertThat(runningPostmaster(postgres)).as("the same database, still running").contains(postmaster);

            List<Integer> statuses = new ArrayList<>();
            for (Instant until = Instant.now().plus(KEEPS_ANSWERING); Instant.now().isBefore(until); Thread.sleep(100)) {
                statuses.add(companies(attached, companies, key));
            }
            assertThat(statuses).as("the attached server, after the starter exited").isNotEmpty().containsOnly(200);

            // Another command comes and goes; it is not the last one out.
            String second = jar.run("keys", "issue", "--org", organization, "--tier", "free").requireSuccess().field("key");
            assertThat(companies(attached, companies, second)).isEqualTo(200);
            assertThat(jar.run("orgs", "list").requireSuccess().stdout()).contains(organization);
            assertThat(companies(attached, companies, key)).as("after the command exited").isEqualTo(200);

            // The last one out stops it.
            attached.terminate();
            assertThat(attached.awaitExit(Duration.ofSeconds(40))).isPresent();
            ProcessHandle.of(postmaster).ifPresent(process -> process.onExit().completeOnTimeout(process, 30, TimeUnit.SECONDS).join());
            assertThat(ProcessHandle.of(postmaster).filter(ProcessHandle::isAlive)).as("nothing left behind").isEmpty();
            assertThat(attached.logText()).contains("Stopping the embedded PostgreSQL");
        }
        assertThat(jar.run("keys", "list", "--org", organization).requireSuccess().stdout())
                .as("and the data is there when it starts again").contains("pro").contains("free");
        assertThat(runningPostmaster(postgres)).isEmpty();
    }

    private static int companies(ServerProcess server, String path, String key) {
        return server.request().header("Authorization", "Bearer " + key).get(path).statusCode();
    }

    /** The pid of the postmaster running on that data directory, from the pid file PostgreSQL keeps. */
    private static Optional<Long> runningPostmaster(Path dataDirectory) throws IOException {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        if (!Files.isRegularFile(pidFile)) {
            return Optional.empty();
        }
        long pid = Long.parseLong(Files.readAllLines(pidFile, StandardCharsets.UTF_8).getFirst().strip());
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(ProcessHandle::pid);
    }
}
