package com.prospectdata.operator.demodata;

import static com.prospectdata.generated.jooq.Tables.COMPANY;
import static com.prospectdata.generated.jooq.Tables.CONTACT;
import static com.prospectdata.generated.jooq.Tables.JOB;
import static com.prospectdata.generated.jooq.Tables.ORGANIZATION;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH_SCORE_COUNT;
import static com.prospectdata.generated.jooq.Tables.TECHNOLOGY;
import static com.prospectdata.generated.jooq.Tables.WEBTECH_SCAN;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.name;

import com.prospectdata.data.database.DeferredConstraints;
import com.prospectdata.data.dataversion.DataVersionWrites;
import com.prospectdata.operator.importer.CopyBatch;
import com.prospectdata.operator.importer.ImportCounts;
import com.prospectdata.operator.importer.ImportProgress;
import com.prospectdata.operator.importer.ImportRecord;
import com.prospectdata.operator.importer.ImportReport;
import com.prospectdata.operator.importer.ImportWriter;
import com.prospectdata.operator.importer.RecordsLoaded;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import org.jooq.DSLContext;
import org.jooq.Table;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

/**
 * Loads generated demo data in one transaction: a failed load leaves nothing behind.
 *
 * <p>Into a database without companies it copies ({@link CopyBatch}) with the foreign keys and
 * secondary indexes set aside and rebuilt afterwards, while a second thread generates the next
 * batch: a million companies (about 20 million rows) in minutes. Into a database that already has
 * companies it upserts through the importer's {@link ImportWriter} (rerunning a seed rewrites its
 * records). Either way the tables are vacuumed and analyzed afterwards, so index-only scans and
 * good plans work from the first request.
 */
@Service
public class DemoDataLoader {

    /** Companies per copied batch: few statements, bounded memory (a batch is some ten megabytes of text). */
    static final int COMPANIES_PER_BATCH = 4096;
    /** Memory for index builds in the load's transaction only; PostgreSQL's default (64 MB) sorts on disk. */
    private static final String INDEX_BUILD_MEMORY = "1GB";
    private static final List<Table<?>> LOADED_TABLES = List.of(ORGANIZATION, PROSPECT_SEARCH, COMPANY, CONTACT,
            WEBTECH_SCAN, TECHNOLOGY, JOB, PROSPECT_SEARCH_SCORE_COUNT);

    private final DSLContext db;
    private final Clock clock;
    private final RecordsLoaded recordsLoaded;

    public DemoDataLoader(DSLContext db, Clock clock, RecordsLoaded recordsLoaded) {
        this.db = db;
        this.clock = clock;
        this.recordsLoaded = recordsLoaded;
    }

    /** What a load did; {@code largestSearch} is this load's own largest search (null when it made none). */
    public record DemoDataReport(long seed, int companies, ImportCounts counts, Duration duration,
                                 @Nullable UUID largestSearch) {

        public String summary() {
            return String.format(Locale.ROOT, "loaded %s (%s) in %.1f s (%,d records/s)",
                    ImportCounts.count(counts.total(), "record", "records"), counts.describe(), duration.toNanos() / 1e9,
                    ImportReport.ratePerSecond(counts.total(), duration));
        }
    }

    public DemoDataReport load(long seed, int companies, ImportProgress progress) {
        long started = System.nanoTime();
        Instant now = clock.instant();
        DemoDataGenerator generator = new DemoDataGenerator(seed, companies, now);
        Instant created = now.truncatedTo(ChronoUnit.MICROS);
        ImportCounts counts;
        try {
            counts = db.transactionResult(configuration -> {
                DSLContext tx = configuration.dsl();
                ImportCounts loaded = tx.fetchExists(COMPANY)
                        ? upsert(tx, generator, created, companies, progress)
                        : copyIntoEmptyTables(tx, generator, created, companies, progress);
                DataVersionWrites.bump(tx, List.of(DemoDataGenerator.DEMO_ORGANIZATION_ID));
                return loaded;
            });
            recordsLoaded.demoDataLoaded(counts);
            progress.start("vacuuming and analyzing", "passes over the tables", 2);
            // VACUUM sets the visibility map that index-only scans rely on; jOOQ has no VACUUM. A
            // transaction that began before the load committed (an autovacuum worker, say) keeps
            // the first pass from marking the pages of the later tables; the second pass only
            // visits the pages still unmarked, which one pass left behind at a million companies
            // (bench/notes/performance.md, "Data set, vacuum and cache").
            for (Table<?> table : LOADED_TABLES) {
                db.query("vacuum (analyze) {0}", table).execute();
            }
            progress.update(1, counts.total());
            for (Table<?> table : LOADED_TABLES) {
                db.query("vacuum {0}", table).execute();
            }
            progress.update(2, counts.total());
        } finally {
            progress.finish();
        }
        return new DemoDataReport(seed, companies, counts, Duration.ofNanos(System.nanoTime() - started),
                generator.largestSearch().orElse(null));
    }

    private static ImportCounts upsert(DSLContext tx, DemoDataGenerator generator, Instant created, int companies,
                                       ImportProgress progress) {
        progress.start("loading demo data", "companies", companies);
        ImportWriter writer = new ImportWriter(tx, created);
        generator.generate(writer::add, done -> progress.update(done, writer.counts().total()));
        writer.flush();
        return writer.counts();
    }

    /** A batch of encoded rows, with the number of companies generated up to its end. */
    private record Batch(CopyBatch rows, long companiesDone) {
    }

    /** Put by the generating thread after its last batch, also when it failed. */
    private static final Batch END = new Batch(null, -1);

    private static ImportCounts copyIntoEmptyTables(DSLContext tx, DemoDataGenerator generator, Instant created,
                                                    int companies, ImportProgress progress) throws InterruptedException {
        // Contacts keep their index: the company search text trigger reads contacts through it.
        DeferredConstraints deferred = DeferredConstraints.drop(tx, List.of(COMPANY, JOB, TECHNOLOGY),
                List.of(COMPANY, CONTACT, WEBTECH_SCAN, TECHNOLOGY, JOB));
        progress.start("loading demo data", "companies", companies);
        BlockingQueue<Batch> batches = new ArrayBlockingQueue<>(2);
        AtomicReference<Throwable> generatorFailure = new AtomicReference<>();
        Thread generating = Thread.ofPlatform().name("demo-data-generator").daemon(true).start(() -> {
            try {
                BatchingSink sink = new BatchingSink(batches, created);
                generator.generate(sink, sink);
                sink.end();
            } catch (Throwable e) {
                generatorFailure.set(e);
            } finally {
                try {
                    batches.put(END);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt(); // the copying side gave up and stopped waiting
                }
            }
        });
        ImportCounts counts = ImportCounts.NONE;
        try {
            for (Batch batch = batches.take(); batch != END; batch = batches.take()) {
                batch.rows().copyInto(tx);
                counts = counts.plus(batch.rows().counts());
                progress.update(batch.companiesDone(), counts.total());
            }
        } finally {
            generating.interrupt();
        }
        if (generatorFailure.get() != null) {
            throw new IllegalStateException("Generating the demo data failed: " + generatorFailure.get(),
                    generatorFailure.get());
        }
        tx.setLocal(name("maintenance_work_mem"), inline(INDEX_BUILD_MEMORY)).execute();
        progress.start("building indexes and foreign keys", "of them", deferred.size());
        int[] restored = {0};
        long records = counts.total();
        deferred.restore(() -> progress.update(++restored[0], records));
        return counts;
    }

    /** Collects generated records into batches, cut between companies, and hands full ones over. */
    private static final class BatchingSink implements Consumer<ImportRecord>, LongConsumer {

        private final BlockingQueue<Batch> batches;
        private final Instant created;
        private CopyBatch current;
        private long companiesDone;

        BatchingSink(BlockingQueue<Batch> batches, Instant created) {
            this.batches = batches;
            this.created = created;
            this.current = new CopyBatch(created);
        }

        @Override
        public void accept(ImportRecord record) {
            current.add(record);
        }

        /** Called by the generator between companies. */
        @Override
        public void accept(long companiesDone) {
            this.companiesDone = companiesDone;
            if (current.counts().companies() >= COMPANIES_PER_BATCH) {
                handOver();
            }
        }

        void end() {
            handOver();
        }

        private void handOver() {
            try {
                batches.put(new Batch(current, companiesDone));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Stopped: the copying side failed", e);
            }
            current = new CopyBatch(created);
        }
    }
}
