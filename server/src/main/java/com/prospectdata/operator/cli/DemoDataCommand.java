package com.prospectdata.operator.cli;

import com.prospectdata.operator.demodata.DemoDataGenerator;
import com.prospectdata.operator.demodata.DemoDataLoader;
import com.prospectdata.operator.importer.ConsoleProgress;
import com.prospectdata.operator.importer.ImportCounts;
import com.prospectdata.operator.importer.ImportReport;
import com.prospectdata.operator.importer.LineWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "demo-data", mixinStandardHelpOptions = true,
        description = {
                "Load realistic demo data into the demo organization (\"" + DemoDataGenerator.DEMO_ORGANIZATION_NAME
                        + "\", id " + DemoDataGenerator.DEMO_ORGANIZATION_ID_TEXT + "): prospect searches of skewed sizes with companies, "
                        + "contacts, jobs and website technologies. All or nothing: one transaction.",
                "The data is determined by --seed and --companies, ids included. Job dates are the exception: "
                        + "they are spread over the year before the day of the run, so hiring activity is current.",
                "Running it again with the same --seed and --companies rewrites the same records (nothing is "
                        + "duplicated; jobs are re-dated); another seed or count adds another set of searches "
                        + "to the demo organization."})
final class DemoDataCommand implements Callable<Integer> {

    @Option(names = "--companies", required = true, paramLabel = "N", description = "How many companies (at least 1).")
    int companies;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--file", paramLabel = "FILE",
            description = "Write the data as an import file (JSON Lines, docs/import-format.md) instead of loading it; "
                    + "needs no database. The file appears whole or not at all.")
    Path file;

    /** Not the shared option: before {@code --file} existed, {@code --output FILE} named the file, and still does. */
    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text",
            description = "text (the default) or json: one JSON document on stdout, for scripts. Any other value is"
                    + " taken as --file, which it used to mean.")
    String output;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (companies < 1) {
            throw new IllegalArgumentException("--companies must be at least 1");
        }
        Optional<OutputFormat.Format> format = OutputFormat.named(output);
        if (format.isEmpty()) {
            if (file != null) {
                throw new ParameterException(spec.commandLine(), "--output " + output
                        + " is neither text nor json, and --file is given: write the file with --file only");
            }
            file = Path.of(output);
        }
        boolean json = format.orElse(OutputFormat.Format.TEXT) == OutputFormat.Format.JSON;
        if (file != null) {
            long lines = writeImportFile(file);
            if (json) {
                OutputFormat.print(OutputFormat.object("file", file.toString(), "lines", lines));
            } else {
                System.out.println("wrote " + ImportCounts.count(lines, "line", "lines") + " to " + file);
            }
            return 0;
        }
        try (var context = SpringContexts.forCommand()) {
            var report = context.getBean(DemoDataLoader.class).load(seed, companies, ConsoleProgress.forStderr());
            if (json) {
                OutputFormat.print(OutputFormat.object(
                        "records", OutputFormat.counts(report.counts()),
                        "seed", seed,
                        "companies", companies,
                        "seconds", OutputFormat.seconds(report.duration()),
                        "records_per_second", ImportReport.ratePerSecond(report.counts().total(), report.duration()),
                        "organization_id", DemoDataGenerator.DEMO_ORGANIZATION_ID.toString(),
                        "largest_prospect_search_id", Objects.toString(report.largestSearch(), null)));
            } else {
                System.out.println(report.summary());
                System.out.println("demo organization: " + DemoDataGenerator.DEMO_ORGANIZATION_ID);
                UUID largestSearch = report.largestSearch();
                if (largestSearch != null) {
                    System.out.println("largest prospect search of this load: " + largestSearch);
                }
            }
        }
        return 0;
    }

    /** Writes the import file whole or not at all, and returns its number of lines. */
    private long writeImportFile(Path file) throws IOException {
        Path target = file.toAbsolutePath();
        Path folder = target.getParent();
        if (!Files.isDirectory(folder)) {
            // Said here: the temporary file's name would otherwise be the one the failure gives.
            throw new IllegalArgumentException(
                    (Files.exists(folder) ? "not a folder: " : "no such folder: ") + folder + " (for " + file + ")");
        }
        Path partial = Files.createTempFile(folder, target.getFileName() + ".", ".partial");
        long[] lines = {0};
        try {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16);
                 LineWriter writer = new LineWriter(out)) {
                new DemoDataGenerator(seed, companies, Instant.now()).generate(record -> {
                    writer.write(record);
                    lines[0]++;
                }, done -> { });
            }
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
        return lines[0];
    }
}
