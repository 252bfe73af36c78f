package com.prospectdata.demodata;

import com.prospectdata.importer.ImportCounts;
import com.prospectdata.importer.ImportProgress;
import com.prospectdata.importer.ImportReport;
import com.prospectdata.importer.ImportWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import org.jooq.DSLContext;
import org.springframework.stereotype.Service;

/**
 * Loads generated demo data through the importer's {@link ImportWriter} (no JSON in between), in
 * one transaction: a failed load leaves nothing behind.
 */
@Service
public class DemoDataLoader {

    private final DSLContext db;
    private final Clock clock;

    public DemoDataLoader(DSLContext db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    public record DemoDataReport(long seed, int companies, ImportCounts counts, Duration duration) {

        public String summary() {
            return String.format(Locale.ROOT, "loaded %d records (%s) in %.1f s (%d records/s)",
                    counts.total(), counts.describe(), duration.toNanos() / 1e9,
                    ImportReport.ratePerSecond(counts.total(), duration));
        }
    }

    public DemoDataReport load(long seed, int companies, ImportProgress progress) {
        long started = System.nanoTime();
        Instant now = clock.instant();
        DemoDataGenerator generator = new DemoDataGenerator(seed, companies, now);
        progress.start("loading demo data", "companies", companies);
        ImportCounts counts;
        try {
            counts = db.transactionResult(configuration -> {
                ImportWriter writer = new ImportWriter(configuration.dsl(), now.truncatedTo(ChronoUnit.MICROS));
                generator.generate(writer::add, done -> progress.update(done, writer.counts().total()));
                writer.flush();
                return writer.counts();
            });
        } finally {
            progress.finish();
        }
        return new DemoDataReport(seed, companies, counts, Duration.ofNanos(System.nanoTime() - started));
    }
}
