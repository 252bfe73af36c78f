package com.prospectdata.data.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.LivenessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * The supervisor of {@code serve} on a real embedded PostgreSQL of its own: a killed server is
 * started again on its port as soon as the database is known to be unreachable; a start that
 * fails is tried again on the schedule until its cause is gone, and the liveness probe turns DOWN
 * only once the attempts have failed for the whole recovery timeout, and UP again with the
 * database. The first test leaves the looking to the supervisor's own turns on the scheduler;
 * the second gives the supervisor its clock, so that a timeout of minutes passes at once.
 * PostgreSQL's starts and failures are real.
 */
class EmbeddedPostgresSupervisorTest {

    private static final Duration RECOVERY_TIMEOUT = Duration.ofSeconds(20);

    @TempDir
    Path directory;

    private EmbeddedPostgresServer server;
    private HikariDataSource pool;
    private DatabaseReachability reachability;
    private final List<Object> published = new CopyOnWriteArrayList<>();
    private EmbeddedPostgresSupervisor supervisor;
    private final ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();

    @BeforeEach
    void startServeOnItsOwnDatabase() {
        scheduler.setPoolSize(2);
        scheduler.initialize();
        server = EmbeddedPostgresServer.startOrAttach(new EmbeddedPostgresServer.Settings(
                directory.resolve("postgres"), 0, "32MB", false));
        pool = new HikariDataSource();
        pool.setJdbcUrl(server.jdbcUrl());
        pool.setUsername(server.username());
        pool.setPassword(server.password());
        pool.addDataSourceProperty("ApplicationName", server.applicationName());
        reachability = new DatabaseReachability(scheduler);
        reachability.watch(pool);
        ApplicationEventPublisher events = published::add;
        supervisor = new EmbeddedPostgresSupervisor(server, reachability, RECOVERY_TIMEOUT, events, scheduler);
    }

    @AfterEach
    void stop() {
        supervisor.stop();
        scheduler.shutdown();
        pool.close();
        server.close();
    }

    private long postmasterPid() throws IOException {
        return Long.parseLong(Files.readAllLines(directory.resolve("postgres").resolve("postmaster.pid")).getFirst().strip());
    }

    /** What a statement of the server would report, finding its connection gone. */
    private void reportLost() {
        reachability.reportFailure(new SQLException("An I/O error occurred while sending to the backend.", "08006"));
        assertThat(reachability.isUnreachable()).isTrue();
    }

    private List<LivenessState> livenessPublished() {
        return published.stream().filter(AvailabilityChangeEvent.class::isInstance)
                .map(event -> (LivenessState) ((AvailabilityChangeEvent<?>) event).getState()).toList();
    }

    /** Until the reachability check, on the scheduler, finds the database answering again. */
    private void awaitReachable() {
        await().atMost(Duration.ofSeconds(60)).until(() -> !reachability.isUnreachable());
    }

    @Test
    void aKilledServerIsStartedAgainOnItsPort() throws Exception {
        supervisor.start();
        long killed = postmasterPid();
        new ProcessBuilder("kill", "-KILL", Long.toString(killed)).start().waitFor();
        reportLost();

        awaitReachable();

        assertThat(postmasterPid()).as("a new postmaster").isNotEqualTo(killed);
        assertThat(EmbeddedPostgresServer.runningPort(directory.resolve("postgres"))).contains(server.port());
        try (var connection = pool.getConnection()) {
            assertThat(connection.isValid(2)).isTrue();
        }
        assertThat(livenessPublished()).as("liveness untouched").isEmpty();
    }

    @Test
    void aStartThatFailsIsRetriedOnTheScheduleAndLivenessFailsOnlyAfterTheTimeout() throws Exception {
        Path settings = directory.resolve("postgres").resolve("postgresql.auto.conf");
        String original = Files.readString(settings, StandardCharsets.UTF_8);
        // Read at the next start only: the running server never sees it.
        Files.writeString(settings, original + "work_mem = 'lots'\n", StandardCharsets.UTF_8);
        PostmasterCommand command = PostmasterCommand.read(directory.resolve("postgres")).orElseThrow();
        List<String> pgCtlStop = new ArrayList<>();
        if (LinuxUtils.isUnshareAvailable()) {
            pgCtlStop.addAll(List.of("unshare", "-U"));
        }
        pgCtlStop.addAll(List.of(pgCtl(command), "-D", directory.resolve("postgres").toString(), "stop", "-m", "fast", "-w"));
        Process stop = new ProcessBuilder(pgCtlStop).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(stop.waitFor()).isZero();
        reportLost();

        long t0 = System.nanoTime();
        long now = t0;
        int attempts = 0;
        while (now - t0 < RECOVERY_TIMEOUT.toNanos()) {
            supervisor.check(now);
            attempts++;
            assertThat(livenessPublished()).as("%d s after the first failed attempt", (now - t0) / 1_000_000_000L).isEmpty();
            now += RestartSchedule.waitAfter(attempts).toNanos();
        }
        assertThat(attempts).as("at 0, 0.5 and 1.5 s, then every 2 s").isEqualTo(12);
        assertThat(server.postmasterRunning()).isFalse();
        supervisor.check(now);
        assertThat(livenessPublished()).as("20 s of failed attempts").containsExactly(LivenessState.BROKEN);
        assertThat(Files.readString(EmbeddedPostgresServer.serverLog(directory.resolve("postgres"))))
                .as("why, in PostgreSQL's words").contains("invalid value for parameter \"work_mem\"");

        Files.writeString(settings, original, StandardCharsets.UTF_8);
        now += RestartSchedule.LONGEST_WAIT.toNanos();
        supervisor.check(now);
        assertThat(server.postmasterRunning()).as("the cause gone, the next attempt starts it").isTrue();
        awaitReachable();
        supervisor.check(now);
        assertThat(livenessPublished()).containsExactly(LivenessState.BROKEN, LivenessState.CORRECT);
    }

    private static String pgCtl(PostmasterCommand command) {
        return command.binary().resolveSibling("pg_ctl").toString();
    }
}
