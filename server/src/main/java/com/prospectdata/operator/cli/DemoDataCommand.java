package com.prospectdata.operator.cli;

import com.prospectdata.operator.demodata.DemoDataGenerator;
import com.prospectdata.operator.demodata.DemoDataLoader;
import com.prospectdata.operator.importer.ConsoleProgress;
import com.prospectdata.operator.importer.ImportCounts;
import com.prospectdata.operator.importer.LineWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

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

    @Option(names = "--output", paramLabel = "FILE",
            description = "Write the data as an import file (JSON Lines, docs/import-format.md) instead of loading it; "
                    + "needs no database. The file appears whole or not at all.")
    Path output;

    @Override
    public Integer call() throws IOException {
        if (companies < 1) {
            throw new IllegalArgumentException("--companies must be at least 1");
        }
        if (output != null) {
            writeImportFile();
            return 0;
        }
        try (var context = SpringContexts.forCommand()) {
            var report = context.getBean(DemoDataLoader.class).load(seed, companies, ConsoleProgress.forTerminal());
            System.out.println(report.summary());
            System.out.println("demo organization: " + DemoDataGenerator.DEMO_ORGANIZATION_ID);
            report.largestSearch().ifPresent(search -> System.out.println("largest prospect search of this load: " + search));
        }
        return 0;
    }

    private void writeImportFile() throws IOException {
        Path target = output.toAbsolutePath();
        Path partial = Files.createTempFile(target.getParent(), target.getFileName() + ".", ".partial");
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
        System.out.println("wrote " + ImportCounts.count(lines[0], "line", "lines") + " to " + output);
    }
}
