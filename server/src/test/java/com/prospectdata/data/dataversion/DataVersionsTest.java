package com.prospectdata.data.dataversion;

import static com.prospectdata.generated.jooq.Tables.DATA_VERSION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.prospectdata.data.database.DatabaseReachability;
import com.prospectdata.data.replicas.ReadReplicas;
import com.prospectdata.data.replicas.ReadReplicas.ReadSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jooq.DSLContext;
import org.jooq.Record2;
import org.jooq.Result;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.jooq.tools.jdbc.MockConnection;
import org.jooq.tools.jdbc.MockResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * The poller of the data versions, on a scheduler of its own and a primary that answers from
 * jOOQ's mock connection: it reads at start, then every poll interval until it is stopped, and
 * says an outage at the primary once, and its end once.
 */
class DataVersionsTest {

    private static final UUID ORGANIZATION = UUID.fromString("6f1c2a9e-0d4b-4c1e-9a53-2f7d8e3b1c40");

    private final AtomicInteger statements = new AtomicInteger();
    private final AtomicBoolean primaryFails = new AtomicBoolean();
    private final ReadSource primary = new ReadSource("primary", DSL.using(new MockConnection(context -> {
        statements.incrementAndGet();
        if (primaryFails.get()) {
            throw new SQLException("the database is gone", "57P01");
        }
        DSLContext create = DSL.using(SQLDialect.POSTGRES);
        Result<Record2<UUID, Long>> versions = create.newResult(DATA_VERSION.ORGANIZATION_ID, DATA_VERSION.VERSION);
        versions.add(create.newRecord(DATA_VERSION.ORGANIZATION_ID, DATA_VERSION.VERSION).values(ORGANIZATION, 7L));
        return new MockResult[] {new MockResult(1, versions)};
    }), SQLDialect.POSTGRES));
    private final ReadReplicas sources = mock(ReadReplicas.class);
    private final ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(DataVersions.class);

    @BeforeEach
    void onePrimaryNoReplica() {
        when(sources.primary()).thenReturn(primary);
        when(sources.sources()).thenReturn(List.of(primary));
        scheduler.initialize();
        lines.start();
        logger.addAppender(lines);
        // Whatever an earlier test in this JVM set (a command's context logs only warnings).
        logger.setLevel(Level.INFO);
    }

    @AfterEach
    void stop() {
        logger.setLevel(null);
        logger.detachAppender(lines);
        scheduler.shutdown();
    }

    private DataVersions polledEvery(Duration pollInterval) {
        // No pool is watched: a failure reported to it starts no check of its own.
        DatabaseReachability reachability = new DatabaseReachability(scheduler);
        return new DataVersions(sources, new DataVersionProperties(pollInterval, pollInterval.multipliedBy(4)),
                reachability, scheduler, meters);
    }

    /** The age of the versions in use, as the metric says it: NaN until a poll has read them. */
    private double versionsAge() {
        return meters.get("api.data_version.age").gauge().value();
    }

    private List<String> messages() {
        return lines.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    @Test
    void theVersionsAreReadAtStartNotAnIntervalLater() {
        DataVersions versions = polledEvery(Duration.ofMinutes(10));

        versions.start();
        try {
            await().atMost(Duration.ofMinutes(1)).until(() -> !Double.isNaN(versionsAge()));
            assertThat(statements).hasValue(1);
            assertThat(versions.read(primary, ORGANIZATION)).as("from the read at start").hasValue(7L);
            assertThat(statements).as("no read of its own").hasValue(1);
        } finally {
            versions.stop();
        }
        assertThat(versions.isRunning()).isFalse();
    }

    @Test
    void theVersionsAreReadEveryIntervalUntilTheServerStops() {
        Duration pollInterval = Duration.ofMillis(10);
        DataVersions versions = polledEvery(pollInterval);

        versions.start();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(statements).hasValueGreaterThanOrEqualTo(3));
        versions.stop();
        int atStop = statements.get();

        // At most the read under way when it stopped, for twenty intervals after.
        await().during(pollInterval.multipliedBy(20)).atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(statements.get()).isLessThanOrEqualTo(atStop + 1));
    }

    @Test
    void anOutageAtThePrimaryIsSaidOnceAndItsEndOnce() {
        DataVersions versions = polledEvery(Duration.ofMillis(250));

        primaryFails.set(true);
        versions.poll();
        versions.poll();
        versions.poll();
        primaryFails.set(false);
        versions.poll();
        versions.poll();
        primaryFails.set(true);
        versions.poll();

        assertThat(messages()).hasSize(3);
        assertThat(messages().get(0)).startsWith("Cannot read the data versions at the primary");
        assertThat(messages().get(1)).isEqualTo("Reading the data versions again");
        assertThat(messages().get(2)).as("the next outage").startsWith("Cannot read the data versions at the primary");
        assertThat(statements).as("every poll read").hasValue(6);
    }
}
