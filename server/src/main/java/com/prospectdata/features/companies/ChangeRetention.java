package com.prospectdata.features.companies;

import static com.prospectdata.generated.jooq.Tables.COMPANY_CHANGE;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static org.jooq.impl.DSL.row;
import static org.jooq.impl.DSL.select;

import com.prospectdata.data.dataversion.DataVersionWrites;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ScheduledFuture;
import org.jooq.DSLContext;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Removes the change feed's changes older than {@code app.changes.retention}, oldest first, in
 * batches of {@code app.changes.prune-batch}, each its own transaction, every
 * {@code app.changes.prune-interval} on the background loops' scheduler, first at start. A
 * search's changes are numbered in the order of their time (migration V7), so what goes is the
 * start of each log. Each batch raises the data version of the organizations it touched: a poll
 * that a 304 answered before may now be a 410. Every instance runs it; two removing the same rows
 * at once only wait for each other.
 */
@Component
@ConditionalOnWebApplication
class ChangeRetention implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ChangeRetention.class);

    private final DSLContext db;
    private final ChangeRetentionProperties settings;
    private final Clock clock;
    private final TaskScheduler scheduler;
    private volatile @Nullable ScheduledFuture<?> pruner;

    ChangeRetention(DSLContext db, ChangeRetentionProperties settings, Clock clock, TaskScheduler scheduler) {
        this.db = db;
        this.settings = settings;
        this.clock = clock;
        this.scheduler = scheduler;
    }

    /** Removes every expired change now; returns how many. */
    long prune() {
        Instant cutoff = clock.instant().minus(settings.retention());
        long removed = 0;
        int batch;
        do {
            batch = db.transactionResult(configuration -> {
                DSLContext tx = configuration.dsl();
                List<UUID> searches = tx.deleteFrom(COMPANY_CHANGE)
                        .where(row(COMPANY_CHANGE.PROSPECT_SEARCH_ID, COMPANY_CHANGE.POSITION).in(
                                select(COMPANY_CHANGE.PROSPECT_SEARCH_ID, COMPANY_CHANGE.POSITION)
                                        .from(COMPANY_CHANGE)
                                        .where(COMPANY_CHANGE.OCCURRED_AT.lt(cutoff))
                                        .orderBy(COMPANY_CHANGE.OCCURRED_AT)
                                        .limit(settings.pruneBatch())))
                        .returning(COMPANY_CHANGE.PROSPECT_SEARCH_ID)
                        .fetch(COMPANY_CHANGE.PROSPECT_SEARCH_ID);
                Set<UUID> touched = new HashSet<>(searches);
                if (!touched.isEmpty()) {
                    DataVersionWrites.bump(tx, tx.selectDistinct(PROSPECT_SEARCH.ORGANIZATION_ID).from(PROSPECT_SEARCH)
                            .where(PROSPECT_SEARCH.ID.in(touched)).fetch(PROSPECT_SEARCH.ORGANIZATION_ID));
                }
                return searches.size();
            });
            removed += batch;
        } while (batch == settings.pruneBatch());
        return removed;
    }

    /** One turn of the pruner: a failure is logged, and the next turn tries again. */
    private void pruneOnSchedule() {
        try {
            long removed = prune();
            if (removed > 0) {
                log.info("Removed {} changes older than {}", removed, settings.retention());
            }
        } catch (RuntimeException e) {
            if (Thread.currentThread().isInterrupted()) {
                return; // stopped while removing: the server is shutting down
            }
            log.warn("Removing expired changes failed; trying again in {}: {}", settings.pruneInterval(), e.getMessage());
        }
    }

    @Override
    public void start() {
        pruner = scheduler.scheduleWithFixedDelay(this::pruneOnSchedule, settings.pruneInterval());
    }

    @Override
    public void stop() {
        ScheduledFuture<?> running = pruner;
        if (running != null) {
            running.cancel(true);
        }
        pruner = null;
    }

    @Override
    public boolean isRunning() {
        return pruner != null;
    }
}
