package com.prospectdata.data.dataversion;

import static com.prospectdata.generated.jooq.Tables.DATA_VERSION;

import com.prospectdata.data.database.DatabaseReachability;
import com.prospectdata.data.replicas.ReadReplicas;
import com.prospectdata.data.replicas.ReadReplicas.ReadSource;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * The server's view of every organization's data version (docs/api-rules.md §1, "Validators and
 * freshness"), read from the database every {@code app.data-version.poll-interval} by a task
 * on the background loops' scheduler, first at start. A version is given out only while the
 * read it came from started less than {@code app.data-version.max-age} ago: a write committed
 * before that read is in it, so no answer built on a version reflects the data from before a
 * write committed longer than {@code max-age} ago, on any instance reading the same database. Past that age a request reads
 * its organization's version itself; while even that fails (the database down), no version is
 * given out and requests run their queries as usual.
 *
 * <p>With read replicas (docs/SCALING.md, "Read replicas"), each place a request may read from
 * has its own versions, read there: a request's version comes from where its data comes from,
 * so nothing kept under a version is older than the version says.
 */
@Component
@ConditionalOnWebApplication
public class DataVersions implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DataVersions.class);

    /** The versions at one source as of one read, and when that read started ({@link System#nanoTime()}). */
    private record Snapshot(Map<UUID, Long> versions, long readStartedNanos) {
    }

    private final ReadReplicas sources;
    private final DataVersionProperties settings;
    private final DatabaseReachability reachability;
    private final TaskScheduler scheduler;
    private final Map<String, Snapshot> snapshots = new ConcurrentHashMap<>();
    private volatile @Nullable ScheduledFuture<?> poller;
    /** Whether the last poll failed at the primary; only the poll reads and writes it, one run at a time. */
    private boolean failing;

    public DataVersions(ReadReplicas sources, DataVersionProperties settings, DatabaseReachability reachability,
                        TaskScheduler scheduler, MeterRegistry meters) {
        this.sources = sources;
        this.settings = settings;
        this.reachability = reachability;
        this.scheduler = scheduler;
        Gauge.builder("api.data_version.age", this, versions -> versions.ageSeconds())
                .description("Seconds since the data versions in use were read; past app.data-version.max-age none are used")
                .baseUnit("seconds")
                .register(meters);
    }

    /**
     * The organization's data version at {@code source} now: from the last read there while it is
     * recent enough to rely on, else read for this organization alone now, through
     * {@code source}'s statements (the poller held up: a pool without a free connection, a pause),
     * so that validators do not change kind; empty only if that read fails too, or while the
     * database is known to be unreachable. An organization whose data was never written is at
     * version 0. A request asks once, where it reads its data, and keeps the answer: so the
     * validator a filter makes and the results a delegate keeps for the same answer come from one
     * version, even when a write lands between the two.
     */
    public OptionalLong read(ReadSource source, UUID organization) {
        if (reachability.isUnreachable() && source.equals(sources.primary())) {
            // A lost primary answers 503 where it is read; nothing kept from before it stands in for
            // it. A replica that still serves during the outage has versions of its own.
            return OptionalLong.empty();
        }
        Snapshot current = snapshots.get(source.name());
        if (current != null && System.nanoTime() - current.readStartedNanos() <= settings.maxAge().toNanos()) {
            return OptionalLong.of(current.versions().getOrDefault(organization, 0L));
        }
        try {
            Long version = source.db().select(DATA_VERSION.VERSION).from(DATA_VERSION)
                    .where(DATA_VERSION.ORGANIZATION_ID.eq(organization))
                    .fetchOne(DATA_VERSION.VERSION);
            return OptionalLong.of(version == null ? 0L : version);
        } catch (RuntimeException e) {
            // A lost database is marked so the request's own query fails at once, and answers it;
            // a lost replica leaves the rotation, and the request reads the primary.
            report(source, e);
            return OptionalLong.empty();
        }
    }

    private void report(ReadSource source, RuntimeException failure) {
        if (source.equals(sources.primary())) {
            reachability.reportFailure(failure);
        } else {
            sources.reportFailure(source, failure);
        }
    }

    /**
     * Reads every organization's version now at the primary, then at every replica in the
     * rotation; the poller calls it, and so do tests that just wrote. A failure at the primary is
     * thrown once the replicas were read; a replica that fails leaves the rotation.
     */
    public void refresh() {
        RuntimeException atPrimary = null;
        for (ReadSource source : sources.sources()) {
            try {
                long started = System.nanoTime();
                Map<UUID, Long> versions = source.db().select(DATA_VERSION.ORGANIZATION_ID, DATA_VERSION.VERSION)
                        .from(DATA_VERSION)
                        .fetchMap(DATA_VERSION.ORGANIZATION_ID, DATA_VERSION.VERSION);
                snapshots.put(source.name(), new Snapshot(Map.copyOf(versions), started));
            } catch (RuntimeException e) {
                if (source.equals(sources.primary())) {
                    atPrimary = e; // the replicas' versions are still read: they serve during a failover
                } else {
                    sources.reportFailure(source, e);
                }
            }
        }
        if (atPrimary != null) {
            throw atPrimary;
        }
    }

    private double ageSeconds() {
        Snapshot current = snapshots.get(sources.primary().name());
        return current == null ? Double.NaN : (System.nanoTime() - current.readStartedNanos()) / 1e9;
    }

    /** One turn of the poller: a failure at the primary is reported, and logged once per outage. */
    void poll() {
        try {
            refresh();
            if (failing) {
                log.info("Reading the data versions again");
                failing = false;
            }
        } catch (RuntimeException e) {
            if (Thread.currentThread().isInterrupted()) {
                return; // stopped while reading: the server is shutting down
            }
            // So an outage is seen within a poll even while no request comes.
            reachability.reportFailure(e);
            if (!failing) {
                // Once per outage: the database's own failures are reported where requests meet them.
                log.warn("Cannot read the data versions at the primary ({}); answering without them there until they can be read",
                        e.toString());
                failing = true;
            }
        }
    }

    @Override
    public void start() {
        poller = scheduler.scheduleWithFixedDelay(this::poll, settings.pollInterval());
    }

    @Override
    public void stop() {
        ScheduledFuture<?> running = poller;
        if (running != null) {
            running.cancel(true);
        }
        poller = null;
    }

    @Override
    public boolean isRunning() {
        return poller != null;
    }
}
