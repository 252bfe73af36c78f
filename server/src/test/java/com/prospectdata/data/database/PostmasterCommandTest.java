package com.prospectdata.data.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the embedded PostgreSQL is started again: as PostgreSQL recorded its last start, and why it failed. */
class PostmasterCommandTest {

    @TempDir
    Path directory;

    @Test
    void theRecordedStartGivesTheBinaryAndEveryOptionButTheDataDirectory() {
        PostmasterCommand command = PostmasterCommand.parse("/tmp/embedded-pg/PG-1a2b/bin/postgres \"-D\" \"/srv/data/postgres\""
                + " \"-p\" \"43707\" \"-F\" \"-c\" \"fsync=on\" \"-c\" \"unix_socket_directories=\" \"-c\" \"listen_addresses=localhost\"\n")
                .orElseThrow();

        assertThat(command.binary()).isEqualTo(Path.of("/tmp/embedded-pg/PG-1a2b/bin/postgres"));
        assertThat(command.options()).containsExactly("-p", "43707", "-F", "-c", "fsync=on", "-c", "unix_socket_directories=",
                "-c", "listen_addresses=localhost");
        assertThat(PostmasterCommand.parse("   ")).isEmpty();
    }

    @Test
    void eachOptionReachesThePostmasterAsOneWord() {
        assertThat(PostmasterCommand.shellWords(List.of("-c", "unix_socket_directories=", "-c", "application_name=it's")))
                .isEqualTo("'-c' 'unix_socket_directories=' '-c' 'application_name=it'\\''s'");
    }

    @Test
    void whyAStartFailedIsTheLastFatalOrPanicWrittenSinceIt() throws Exception {
        Path log = directory.resolve("postgres.log");
        Files.writeString(log, "2026-11-27 10:00:00.000 UTC [11] FATAL:  an old failure\n", StandardCharsets.UTF_8);
        long before = Files.size(log);
        Files.writeString(log, """
                waiting for server to start....
                2026-11-27 10:01:00.000 UTC [12] LOG:  invalid value for parameter "work_mem": "lots"
                2026-11-27 10:01:00.001 UTC [12] FATAL:  could not write lock file "postmaster.pid": No space left on device
                 stopped waiting
                pg_ctl: could not start server
                """, StandardCharsets.UTF_8, StandardOpenOption.APPEND);

        assertThat(PostmasterCommand.lastProblem(log, before))
                .contains("FATAL: could not write lock file \"postmaster.pid\": No space left on device");
        assertThat(PostmasterCommand.lastProblem(log, Files.size(log))).as("nothing written since").isEmpty();
    }

    @Test
    void aFullDisksPanicIsFoundBehindTheRestartsLinesThatFollowIt() throws Exception {
        // As PostgreSQL wrote it when its WAL's disk filled under an import (its pg_wal on a small tmpfs).
        Path log = directory.resolve("postgres.log");
        Files.writeString(log, "2026-11-29 09:55:30.000 UTC [19933] LOG:  database system is ready to accept connections\n",
                StandardCharsets.UTF_8);
        long before = Files.size(log);
        Files.writeString(log, """
                2026-11-29 09:55:41.305 UTC [19937] PANIC:  could not write to file "pg_wal/xlogtemp.19937": No space left on device
                2026-11-29 09:55:41.308 UTC [19933] LOG:  terminating any other active server processes
                2026-11-29 09:55:41.350 UTC [20079] FATAL:  the database system is in recovery mode
                2026-11-29 09:55:41.370 UTC [20081] FATAL:  the database system is not yet accepting connections
                """, StandardCharsets.UTF_8, StandardOpenOption.APPEND);

        assertThat(PostmasterCommand.lastProblem(log, before, "No space left on device"))
                .contains("PANIC: could not write to file \"pg_wal/xlogtemp.19937\": No space left on device");
        assertThat(PostmasterCommand.lastProblem(log, before)).as("the last of any kind")
                .contains("FATAL: the database system is not yet accepting connections");
    }
}
