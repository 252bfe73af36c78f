package com.prospectdata.pipeline.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.data.database.DatabaseFailures;
import com.prospectdata.data.database.StatementDeadline;
import com.prospectdata.operator.importer.DatabaseTest;
import java.io.IOException;
import java.sql.Connection;
import java.time.Duration;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A statement run through a context bound to a deadline is cancelled in PostgreSQL when the
 * deadline passes; one on the same context unbound runs as long as it needs. A statement whose
 * backend stops answering (frozen, SIGSTOP) ends all the same, by its time limit plus
 * {@code app.load.statement-margin}, though its cancel is never taken; and the connection's reads
 * are bound for the statement alone. On the embedded PostgreSQL, with the listener of
 * {@link StatementTimeout} added to its context.
 */
@DatabaseTest
class StatementTimeoutTest {

    private static final Duration MARGIN = Duration.ofSeconds(2);
    private static final LoadProperties SETTINGS = new LoadProperties(0, 0, 64, 2, Duration.ofSeconds(1), 1000, 50,
            Duration.ofSeconds(1), MARGIN, Duration.ofSeconds(2));

    @Autowired
    DSLContext db;

    @Autowired
    DataSource dataSource;

    private DSLContext withTheListener(DSLContext context) {
        StatementTimeout timeout = new StatementTimeout();
        return DSL.using(context.configuration()
                .deriveAppending(timeout.timeLimitOfEachStatement(SETTINGS))
                // jOOQ's whole seconds of the server (StatementTimeout#statementTimeoutOfApiQueries), here 1 s.
                .derive(((Settings) context.configuration().settings().clone()).withQueryTimeout(1)));
    }

    @Test
    void aStatementBoundToADeadlineIsCancelledAtItAndOneWithoutRunsOn() {
        DSLContext statements = withTheListener(db);
        long started = System.nanoTime();
        DSLContext bound = StatementDeadline.bind(statements, started + Duration.ofMillis(300).toNanos());

        assertThatThrownBy(() -> bound.fetch("select 1 from pg_sleep(5)"))
                .satisfies(failure -> assertThat(DatabaseFailures.isStatementTimeout(failure)).isTrue());
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));

        assertThat(StatementDeadline.of(statements.configuration())).as("the unbound context keeps no deadline").isNull();
        assertThat(DSL.using(db.configuration().deriveAppending(new StatementTimeout().timeLimitOfEachStatement(SETTINGS)))
                .fetch("select 1 from pg_sleep(0.5)")).hasSize(1);
    }

    @Test
    void aStatementOnAFrozenBackendEndsByItsLimitPlusTheMarginAsALostConnection() throws Exception {
        try (Connection connection = dataSource.getConnection()) {
            DSLContext statements = withTheListener(DSL.using(connection, db.dialect()));
            long backend = statements.fetchSingle("select pg_backend_pid()").get(0, Long.class);
            assertThat(connection.getNetworkTimeout()).as("set back after the statement").isZero();

            Thread freezer = Thread.ofVirtual().start(() -> {
                sleep(300);
                signal("STOP", backend);
            });
            long started = System.nanoTime();
            try {
                assertThatThrownBy(() -> statements.fetch("select 1 from pg_sleep(30)"))
                        .satisfies(failure -> assertThat(DatabaseFailures.isConnectionLost(failure)).as("%s", failure).isTrue());
            } finally {
                freezer.join();
                signal("CONT", backend);
            }
            Duration took = Duration.ofNanos(System.nanoTime() - started);
            assertThat(took).as("its time limit (1 s) plus the margin (2 s)")
                    .isGreaterThanOrEqualTo(Duration.ofSeconds(1)).isLessThanOrEqualTo(Duration.ofSeconds(1).plus(MARGIN).plusMillis(500));
            assertThat(connection.isClosed()).as("the connection is given up").isTrue();
        }
    }

    private static void signal(String signal, long pid) {
        try {
            new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
