package com.prospectdata.operator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * Every exit status docs/OPERATIONS.md ("The command line for scripts") documents, with the one
 * line that goes with a failure: 0 success, 1 a command that could not be carried out, 2 a
 * usage error. Commands that need a database are in OperatorCommandLineTest; these need none.
 */
// It captures the standard streams: nothing else may write to them meanwhile (junit-platform.properties).
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class ExitStatusTest {

    private static final Path WORK = Path.of("target/test-data/exit-status").toAbsolutePath();

    private static String oneLine(CommandRun run, int status) {
        assertThat(run.status()).as("%s", run).isEqualTo(status);
        assertThat(run.errorLines()).as("one line on stderr: %s", run).hasSize(1);
        assertThat(run.stderr()).as("no usage, no exception text").doesNotContain("Usage:", "Exception", "\tat ");
        assertThat(run.stdout()).as("nothing on stdout").isEmpty();
        return run.errorLines().getFirst();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            serve --bogus                           | Unknown option: '--bogus'  | serve --help
            --bogus                                 | Unknown option: '--bogus'  | serve --help
            serve --demo extra                      | Unmatched argument: 'extra'    | serve --help
            keys list --output yaml                 | 'yaml' is not an output format | keys list --help
            orgs list -o xml                        | 'xml' is not an output format  | orgs list --help
            orgs frobnicate                         | Unmatched argument         | orgs --help
            keys list --org x                       | not an id (a UUID          | keys list --help
            demo-data --companies 2 --output a.jsonl --file b.jsonl | --file is given | demo-data --help
            """)
    void aUsageErrorIsStatus2AndOneLine(String command, String words, String help) {
        String line = oneLine(CommandRun.of(command.split(" ")), 2);

        assertThat(line).startsWith("error: ").contains(words).contains("(see: prospect-api " + help + ")");
    }

    @Test
    void anImportFileIntoAMissingFolderIsStatus1AndNamesTheFolder() {
        Path missing = WORK.resolve("no-such-folder");

        String line = oneLine(CommandRun.of("demo-data", "--companies", "2", "--file", missing.resolve("demo.jsonl").toString()), 1);

        assertThat(line).isEqualTo("error: no such folder: " + missing + " (for " + missing.resolve("demo.jsonl") + ")");
    }

    @Test
    void aCommandThatCannotBeCarriedOutIsStatus1() throws Exception {
        Files.createDirectories(WORK);

        assertThat(oneLine(CommandRun.of("import", WORK.resolve("missing.jsonl").toString()), 1))
                .isEqualTo("error: no such file: " + WORK.resolve("missing.jsonl"));
        System.setProperty("app.rate-limit.store", "redys");
        try {
            assertThat(oneLine(CommandRun.of("keys", "list", "--output", "json"), 1))
                    .startsWith("error: app.rate-limit.store=redys is not allowed");
        } finally {
            System.clearProperty("app.rate-limit.store");
        }
    }

    @Test
    void successIsStatus0InEitherOutputFormat() throws Exception {
        Files.createDirectories(WORK);
        Path file = WORK.resolve("demo.jsonl");
        Files.deleteIfExists(file);

        CommandRun text = CommandRun.of("demo-data", "--companies", "2", "--file", file.toString());
        CommandRun json = CommandRun.of("demo-data", "--companies", "2", "--file", file.toString(), "-o", "json");
        CommandRun legacy = CommandRun.of("demo-data", "--companies", "2", "--output", file.toString());

        assertThat(text.status()).as("%s", text).isZero();
        long lines = Files.readAllLines(file).size();
        assertThat(text.stdout()).isEqualTo("wrote " + lines + " lines to " + file + System.lineSeparator());
        assertThat(json.status()).as("%s", json).isZero();
        JsonNode written = Json.parse(json.stdout());
        assertThat(written.get("file").asString()).isEqualTo(file.toString());
        assertThat(written.get("lines").asLong()).isEqualTo(lines);
        assertThat(legacy.status()).as("--output FILE, as it used to be").isZero();
        assertThat(legacy.stdout()).isEqualTo(text.stdout());
        assertThat(CommandRun.of("--help").status()).isZero();
        assertThat(CommandRun.of("keys", "list", "--help").stdout()).contains("--output", "json");
    }
}
