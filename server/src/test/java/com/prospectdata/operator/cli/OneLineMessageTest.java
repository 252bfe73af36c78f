package com.prospectdata.operator.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.operator.importer.Importer;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.jooq.exception.DataAccessException;
import org.junit.jupiter.api.Test;

/**
 * The one line of a failed command names what went wrong in words an operator can act on: a full
 * disk as a full disk, whichever side it was on and whatever failed after it, and a lost database
 * with the words of its failure, never "(null)".
 */
class OneLineMessageTest {

    private static final String EXTEND = "ERROR: could not extend file \"base/5/16400\": No space left on device\n"
            + "  Hint: Check free disk space.";

    /** PgJDBC's words for a connection the server ended mid-statement; its cause, the end of the stream, has none. */
    private static SQLException connectionEnded() {
        return new SQLException("An I/O error occurred while sending to the backend.", "08006", new EOFException());
    }

    @Test
    void theDatabasesFullDiskIsNamedWithPostgresqlsWords() {
        RuntimeException failure = new DataAccessException("SQL [insert into company ...]; " + EXTEND,
                new SQLException(EXTEND, "53100"));

        assertThat(OneLineMessage.of(failure))
                .startsWith("the database's disk is full: ERROR: could not extend file \"base/5/16400\": No space left on device;")
                .contains("free space")
                .doesNotContain("\n", "Hint");
    }

    @Test
    void aFullDiskIsNamedEvenWhenTheConnectionWasLostAfterIt() {
        // A PANIC on a full disk ends every session: what the command sees last is its rollback failing.
        DataAccessException rollback = new DataAccessException("Cannot rollback transaction", connectionEnded());
        rollback.addSuppressed(new DataAccessException("SQL [insert ...]", new SQLException(
                "PANIC: could not write to file \"pg_wal/xlogtemp.812\": No space left on device", "53100")));

        assertThat(OneLineMessage.of(rollback))
                .startsWith("the database's disk is full: PANIC: could not write to file \"pg_wal/xlogtemp.812\"");
    }

    @Test
    void aFailureACommandWordedIsSaidOnceWhateverItsCauseSays() {
        // import words a lost database itself: why, what was written, what to do.
        SQLException extend = new SQLException(EXTEND, "53100");
        String line = OneLineMessage.of(extend) + "; nothing of this import was written";

        String said = OneLineMessage.of(new IllegalStateException("wrapped", new OneLineMessage.Worded(line, extend)));

        assertThat(said).isEqualTo(line);
        assertThat(said.split("disk is full", -1)).as("the full disk named once").hasSize(2);
    }

    @Test
    void aFullDiskTheDatabaseOnlyLoggedIsNamedInItsLogsWords() {
        String panic = "PANIC:  could not write to file \"pg_wal/xlogtemp.812\": No space left on device";

        assertThat(OneLineMessage.databaseDiskFull(panic))
                .startsWith("the database's disk is full: PANIC: could not write to file \"pg_wal/xlogtemp.812\": No space left on device;")
                .contains("free space");
    }

    @Test
    void aLostDatabaseSaysTheWordsOfItsFailureNotNull() {
        assertThat(OneLineMessage.of(new DataAccessException("SQL [select 1]", connectionEnded())))
                .isEqualTo("the database cannot be reached (An I/O error occurred while sending to the backend.)");
    }

    @Test
    void thisMachinesFullDiskNamesTheFileItStopped() {
        // The kernel's own ENOSPC: /dev/full refuses every write with it.
        IOException enospc = null;
        try {
            Files.write(Path.of("/dev/full"), new byte[] {1});
        } catch (IOException e) {
            enospc = e;
        }
        assertThat(enospc).as("/dev/full refuses the write").isNotNull();
        UncheckedIOException failure = new UncheckedIOException(new IOException(
                "could not write the rejects file rejects.jsonl: " + enospc.getMessage(), enospc));

        assertThat(OneLineMessage.of(failure))
                .isEqualTo("the disk is full: could not write the rejects file rejects.jsonl: No space left on device; "
                        + "free space, then run the command again");
    }

    @Test
    void standardInputThatCannotBeSpooledNamesTheSpoolFile() {
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("No space left on device");
            }
        };

        assertThatThrownBy(() -> Importer.spool(failing))
                .satisfies(failure -> assertThat(OneLineMessage.of(failure))
                        .matches("the disk is full: could not copy standard input to /.*prospect-import-.*\\.jsonl: "
                                + "No space left on device; free space, then run the command again"));
    }
}
