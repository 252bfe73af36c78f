package com.prospectdata.data.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * The embedded database as the server and the operator commands use it: durable and private.
 *
 * <p>Runs beside the other classes (junit-platform.properties): its servers are its own, in
 * directories of its own, and it mostly waits for them to start and stop. What it logs goes to the
 * standard streams, so it holds their locks: the classes that capture those streams wait for it.
 * Holding a lock also keeps its methods one after the other.
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class EmbeddedPostgresServerTest {

    @TempDir
    Path dataDirectory;

    private EmbeddedPostgresServer start(boolean durable) {
        return EmbeddedPostgresServer.startOrAttach(new EmbeddedPostgresServer.Settings(
                dataDirectory.resolve("postgres"), 0, "32MB", durable));
    }

    private static Connection connect(EmbeddedPostgresServer server, String password) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", server.username());
        if (password != null) {
            properties.setProperty("password", password);
        }
        return DriverManager.getConnection(server.jdbcUrl(), properties);
    }

    private static String show(Connection connection, String setting) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery("SHOW " + setting)) {
            result.next();
            return result.getString(1);
        }
    }

    private Path passwordFile() {
        return dataDirectory.resolve("postgres.password");
    }

    private Path accessRules() {
        return dataDirectory.resolve("postgres").resolve("pg_hba.conf");
    }

    @Test
    void aNewDatabaseCommitsDurablyAndAsksEveryConnectionForItsPassword() throws Exception {
        try (EmbeddedPostgresServer server = start(true)) {
            try (Connection connection = connect(server, server.password())) {
                assertThat(show(connection, "fsync")).isEqualTo("on");
                assertThat(show(connection, "synchronous_commit")).isEqualTo("on");
                assertThat(show(connection, "full_page_writes")).isEqualTo("on");
                assertThat(show(connection, "listen_addresses")).isEqualTo("localhost");
                assertThat(show(connection, "unix_socket_directories")).isEmpty();
            }
            assertThatThrownBy(() -> connect(server, null)).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> connect(server, server.password() + "x")).isInstanceOf(SQLException.class)
                    .hasMessageContaining("password authentication failed");

            assertThat(Files.readString(passwordFile(), StandardCharsets.UTF_8).strip()).isEqualTo(server.password())
                    .matches("[0-9A-Za-z]{40}");
            assertThat(Files.getPosixFilePermissions(passwordFile())).isEqualTo(PosixFilePermissions.fromString("rw-------"));
            assertThat(PasswordOnlyAccess.trustsAnyone(accessRules())).as("pg_hba.conf trusts nobody").isFalse();
            assertThat(Files.readString(accessRules())).contains("replication").contains("scram-sha-256");
        }
    }

    @Test
    void theFastModeIsOnlyWhatWasAskedFor() throws Exception {
        try (EmbeddedPostgresServer server = start(false); Connection connection = connect(server, server.password())) {
            assertThat(show(connection, "fsync")).isEqualTo("off");
            assertThat(show(connection, "synchronous_commit")).isEqualTo("off");
            assertThat(show(connection, "full_page_writes")).isEqualTo("off");
            assertThatThrownBy(() -> connect(server, null)).as("fast, but still private").isInstanceOf(SQLException.class);
        }
    }

    @Test
    void anotherProcessAttachesToTheRunningServerWithThePassword() throws Exception {
        try (EmbeddedPostgresServer first = start(true)) {
            EmbeddedPostgresServer second = start(false);
            assertThat(second.ownsServer()).isFalse();
            assertThat(second.jdbcUrl()).isEqualTo(first.jdbcUrl());
            try (Connection connection = connect(second, second.password())) {
                assertThat(show(connection, "fsync")).as("the running server's settings").isEqualTo("on");
            }
            second.close();
            try (Connection connection = connect(first, first.password())) {
                assertThat(show(connection, "fsync")).as("closing an attached process leaves the server up").isEqualTo("on");
            }
        }
    }

    @Test
    void processesThatBeginTogetherOnAFreshDirectoryMakeOneServerAndShareIt() throws Exception {
        // Nothing there yet, not even the folder of the data directory: a first run of the jar.
        Path fresh = dataDirectory.resolve("data").resolve("postgres");
        int processes = 3;
        CyclicBarrier together = new CyclicBarrier(processes);
        List<Future<EmbeddedPostgresServer>> starts = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(processes)) {
            for (int i = 0; i < processes; i++) {
                starts.add(threads.submit(() -> {
                    together.await();
                    return EmbeddedPostgresServer.startOrAttach(new EmbeddedPostgresServer.Settings(fresh, 0, "32MB", true));
                }));
            }
        }
        List<EmbeddedPostgresServer> servers = new ArrayList<>();
        for (Future<EmbeddedPostgresServer> started : starts) {
            servers.add(started.get());
        }
        try {
            assertThat(servers).filteredOn(EmbeddedPostgresServer::ownsServer).as("one of them started it").hasSize(1);
            assertThat(servers).extracting(EmbeddedPostgresServer::port).as("the others attached to it").containsOnly(servers.getFirst().port());
            for (EmbeddedPostgresServer server : servers) {
                try (Connection connection = connect(server, server.password())) {
                    assertThat(show(connection, "fsync")).isEqualTo("on");
                }
            }
            assertThat(Files.readString(fresh.resolveSibling("postgres.log"))).as("one initdb, one server")
                    .doesNotContain("another server might be running").doesNotContain("could not");
        } finally {
            for (EmbeddedPostgresServer server : servers.reversed()) {
                server.close();
            }
        }
    }

    @Test
    void theStarterLeavesTheServerRunningForAProcessStillUsingItAndTheLastOneOutStopsIt() throws Exception {
        EmbeddedPostgresServer starter = start(true);
        EmbeddedPostgresServer attached = start(true);
        assertThat(attached.ownsServer()).isFalse();
        try (Connection inUse = connect(attached, attached.password())) {
            starter.close();
            assertThat(show(inUse, "fsync")).as("the session of the process still running").isEqualTo("on");
            try (Connection another = connect(attached, attached.password())) {
                assertThat(show(another, "listen_addresses")).as("and new ones").isEqualTo("localhost");
            }
        }
        long postmaster = postmasterPid();
        attached.close();
        assertThat(hasEnded(postmaster)).as("the last process out stopped it").isTrue();
        assertThat(EmbeddedPostgresServer.runningPort(dataDirectory.resolve("postgres"))).isEmpty();

        try (EmbeddedPostgresServer again = start(true); Connection connection = connect(again, again.password())) {
            assertThat(again.ownsServer()).as("the next process starts it again").isTrue();
            assertThat(show(connection, "fsync")).isEqualTo("on");
        }
    }

    @Test
    void theStarterStopsTheServerWhenNoOtherProcessUsesIt() throws Exception {
        EmbeddedPostgresServer starter = start(true);
        long postmaster = postmasterPid();
        starter.close();
        assertThat(hasEnded(postmaster)).isTrue();
        assertThat(Files.readString(dataDirectory.resolve("postgres.log"))).as("the server's own log, beside its data")
                .contains("database system is ready to accept connections");
    }

    @Test
    void theStarterStopsTheServerThoughSessionsOfItsOwnAreStillThere() throws Exception {
        EmbeddedPostgresServer starter = start(true);
        long postmaster = postmasterPid();
        Properties own = new Properties();
        own.setProperty("user", starter.username());
        own.setProperty("password", starter.password());
        own.setProperty("ApplicationName", starter.applicationName());
        // As the pool's sessions are when the server is closed: their backends not ended yet.
        try (Connection stillEnding = DriverManager.getConnection(starter.jdbcUrl(), own)) {
            assertThat(show(stillEnding, "application_name")).startsWith("prospect-api " + ProcessHandle.current().pid() + "/");
            starter.close();
            assertThat(hasEnded(postmaster)).as("no other process uses it: stopped").isTrue();
        }
    }

    private void kill(long pid) throws Exception {
        new ProcessBuilder("kill", "-KILL", Long.toString(pid)).start().waitFor();
        assertThat(hasEnded(pid) || !EmbeddedPostgresServer.runningPort(dataDirectory.resolve("postgres")).isPresent()).isTrue();
    }

    @Test
    void theStarterStartsAKilledServerAgainOnItsPortAndOthersLeaveThatToIt() throws Exception {
        try (EmbeddedPostgresServer starter = start(true)) {
            EmbeddedPostgresServer attached = start(true);
            long killed = postmasterPid();
            kill(killed);
            assertThat(starter.postmasterRunning()).isFalse();

            assertThat(attached.restart().outcome()).as("the starter is still there")
                    .isEqualTo(EmbeddedPostgresServer.Outcome.NOT_STARTER);
            assertThat(starter.restart().outcome()).isEqualTo(EmbeddedPostgresServer.Outcome.STARTED);
            assertThat(starter.restart().outcome()).isEqualTo(EmbeddedPostgresServer.Outcome.RUNNING);
            assertThat(postmasterPid()).isNotEqualTo(killed);
            try (Connection connection = connect(attached, attached.password())) {
                assertThat(show(connection, "port")).as("the port the pools' URL names").isEqualTo(Integer.toString(starter.port()));
                assertThat(show(connection, "fsync")).as("the settings it was started with").isEqualTo("on");
            }
            attached.close();
        }
    }

    @Test
    void aProcessThatAttachedTakesTheStartersPlaceOnceTheStarterHasEnded() throws Exception {
        EmbeddedPostgresServer starter = start(true);
        EmbeddedPostgresServer attached = start(true);
        try (Connection inUse = connect(attached, attached.password())) {
            starter.close();
        }
        assertThat(attached.ownsServer()).isFalse();
        long killed = postmasterPid();
        kill(killed);

        assertThat(attached.restart().outcome()).isEqualTo(EmbeddedPostgresServer.Outcome.STARTED);
        assertThat(attached.ownsServer()).as("the starter now").isTrue();
        long restarted = postmasterPid();
        attached.close();
        assertThat(hasEnded(restarted)).as("and, last out, it stops it").isTrue();
    }

    @Test
    void aProcessThatNeedsTheServerWaitsForItsStarterToBringItBack() throws Exception {
        try (EmbeddedPostgresServer starter = start(true)) {
            kill(postmasterPid());
            Thread restarting = Thread.ofVirtual().start(() -> {
                try {
                    Thread.sleep(1_500);
                } catch (InterruptedException e) {
                    return;
                }
                starter.restart();
            });
            long waiting = System.nanoTime();
            try (EmbeddedPostgresServer command = start(true)) {
                assertThat(command.ownsServer()).as("attached to what its starter brought back").isFalse();
                assertThat(command.port()).isEqualTo(starter.port());
                assertThat(Duration.ofNanos(System.nanoTime() - waiting)).isLessThan(EmbeddedPostgresServer.STARTER_WAIT);
            }
            restarting.join();
        }
    }

    /** Whether the process ends within 10 s: PostgreSQL removes its pid file just before it exits. */
    private static boolean hasEnded(long pid) throws Exception {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty()) {
            return true;
        }
        try {
            process.get().onExit().get(10, TimeUnit.SECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        }
    }

    private long postmasterPid() throws IOException {
        return Long.parseLong(Files.readAllLines(dataDirectory.resolve("postgres").resolve("postmaster.pid")).getFirst().strip());
    }

    @Test
    void aDataDirectoryOfAnEarlierVersionGetsAPasswordAndKeepsItsRows() throws Exception {
        // What earlier versions made: zonky's defaults, every local connection trusted.
        try (EmbeddedPostgres earlier = EmbeddedPostgres.builder()
                .setDataDirectory(dataDirectory.resolve("postgres")).setCleanDataDirectory(false).start();
             Connection connection = earlier.getPostgresDatabase().getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE kept (id int)");
            statement.execute("INSERT INTO kept VALUES (42)");
        }
        assertThat(PasswordOnlyAccess.trustsAnyone(accessRules())).isTrue();
        assertThat(passwordFile()).doesNotExist();

        try (EmbeddedPostgresServer server = start(true)) {
            assertThat(PasswordOnlyAccess.trustsAnyone(accessRules())).isFalse();
            assertThat(Files.getPosixFilePermissions(passwordFile())).isEqualTo(PosixFilePermissions.fromString("rw-------"));
            assertThatThrownBy(() -> connect(server, null)).isInstanceOf(SQLException.class);
            try (Connection connection = connect(server, server.password());
                 Statement statement = connection.createStatement();
                 ResultSet kept = statement.executeQuery("SELECT id FROM kept")) {
                assertThat(kept.next()).isTrue();
                assertThat(kept.getInt(1)).isEqualTo(42);
            }
        }
        try (EmbeddedPostgresServer again = start(true); Connection connection = connect(again, again.password())) {
            assertThat(show(connection, "fsync")).as("and it starts again with its password").isEqualTo("on");
        }
    }

    @Test
    void aPasswordFileOthersCouldReadIsMadeOwnerOnly() throws IOException {
        EmbeddedPostgresPassword password = EmbeddedPostgresPassword.beside(dataDirectory.resolve("postgres"));
        String created = password.createOrRead();
        Files.setPosixFilePermissions(password.path(), PosixFilePermissions.fromString("rw-r--r--"));

        assertThat(password.read()).contains(created);
        assertThat(Files.getPosixFilePermissions(password.path())).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(password.createOrRead()).as("created once").isEqualTo(created);
    }
}
