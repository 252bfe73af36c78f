package com.prospectdata.operator.cli;

import com.prospectdata.data.database.DatabaseFailures;
import com.prospectdata.data.database.EmbeddedPostgresServer;
import com.prospectdata.operator.importer.ConsoleProgress;
import com.prospectdata.operator.importer.ImportReport;
import com.prospectdata.operator.importer.Importer;
import com.prospectdata.operator.importer.LineError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "import", mixinStandardHelpOptions = true,
        description = {
                "Import organizations, prospect searches, companies (with contacts), jobs and webtech scans "
                        + "from a JSON Lines file (docs/import-format.md). Every record is an upsert by id; later "
                        + "lines win. References must point to earlier lines or to rows already in the database.",
                "Without --skip-invalid, one invalid line means nothing is imported: every invalid line is "
                        + "listed on stderr as 'line N: reason' and the exit status is 1.",
                "With --skip-invalid, the valid lines are imported and the invalid ones copied byte for byte to "
                        + "REJECTS_FILE (replaced as a whole once the import has committed); the exit status is 0.",
                "With --replace, every prospect search the file names (a prospect_search line, or a company line's "
                        + "prospect_search_id) loses its companies that the file does not list, in the same "
                        + "transaction; it cannot be combined with --skip-invalid."})
final class ImportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "The .jsonl file to import, or - for standard input.")
    String file;

    @Option(names = "--skip-invalid", paramLabel = "REJECTS_FILE",
            description = "Import the valid lines and copy the invalid ones to this file.")
    Path rejectsFile;

    @Option(names = "--replace",
            description = "Replace each prospect search the file names: its companies the file does not list are removed.")
    boolean replace;

    @Mixin
    OutputFormat output;

    private void requireReadableFile(Path input) {
        if (Files.isDirectory(input)) {
            throw new IllegalArgumentException(file + " is a directory; give the .jsonl file to import");
        }
        if (!Files.exists(input)) {
            throw new IllegalArgumentException("no such file: " + file);
        }
        if (!Files.isRegularFile(input)) {
            throw new IllegalArgumentException(file + " is not a regular file; give the .jsonl file to import, or - for standard input");
        }
        if (!Files.isReadable(input)) {
            throw new IllegalArgumentException(file + " cannot be read by this account");
        }
    }

    @Override
    public Integer call() throws Exception {
        boolean stdin = "-".equals(file);
        Path input = stdin ? Importer.spool(System.in) : Path.of(file);
        try {
            if (!stdin) {
                requireReadableFile(input);
            }
            if (replace && rejectsFile != null) {
                throw new IllegalArgumentException("--replace cannot be combined with --skip-invalid: a skipped company line"
                        + " would remove that company from its search");
            }
            ImportReport report;
            try (var context = SpringContexts.forCommand()) {
                Importer importer = context.getBean(Importer.class);
                @Nullable EmbeddedPostgresServer embedded = context.getBeanProvider(EmbeddedPostgresServer.class).getIfAvailable();
                long logMark = embedded == null ? 0 : embedded.logMark();
                try {
                    report = importer.importFile(input, rejectsFile, replace, ConsoleProgress.forStderr());
                } catch (RuntimeException e) {
                    if (!DatabaseFailures.isUnreachable(e)) {
                        throw e;
                    }
                    // The database went away part way (a failover, say): the operator must know
                    // why, what was written and what to do, in one line. A full disk's PANIC in
                    // another of PostgreSQL's processes ends this session without a word of why:
                    // the embedded server's log has it.
                    String why = Optional.ofNullable(embedded).flatMap(server -> server.problemSince(logMark, OneLineMessage.NO_SPACE))
                            .map(OneLineMessage::databaseDiskFull)
                            .orElseGet(() -> OneLineMessage.of(e));
                    throw new OneLineMessage.Worded(why + "; nothing of this import was written (its one"
                            + " transaction was rolled back) unless the connection broke during its commit; importing"
                            + " the same file again is safe once the database answers", e);
                }
            }
            for (LineError error : report.errors()) {
                System.err.println(error);
            }
            if (report.unlistedErrors() > 0) {
                System.err.println("... and " + report.unlistedErrors() + " more invalid lines");
            }
            if (!report.written()) {
                throw new IllegalStateException(report.invalidLines() + " invalid "
                        + (report.invalidLines() == 1 ? "line" : "lines") + (stdin ? " on standard input" : " in " + file)
                        + "; nothing was imported (--skip-invalid REJECTS_FILE imports the valid lines)");
            }
            if (output.json()) {
                OutputFormat.print(OutputFormat.object(
                        "records", OutputFormat.counts(report.counts()),
                        "lines", report.lines(),
                        "invalid_lines", report.invalidLines(),
                        "rejects_file", report.rejectsFile() == null ? null : report.rejectsFile().toString(),
                        "seconds", OutputFormat.seconds(report.duration()),
                        "records_per_second", ImportReport.ratePerSecond(report.counts().total(), report.duration())));
            } else {
                System.out.println(report.summary());
            }
            return 0;
        } finally {
            if (stdin) {
                Files.deleteIfExists(input);
            }
        }
    }
}
