package com.prospectdata.pipeline.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.data.database.DatabaseFailures;
import com.prospectdata.data.database.StatementDeadline;
import com.prospectdata.operator.importer.DatabaseTest;
import java.time.Duration;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A statement run through a context bound to a deadline is cancelled in PostgreSQL when the
 * deadline passes; one on the same context unbound runs as long as it needs. On the embedded
 * PostgreSQL, with the listener of {@link StatementTimeout} added to its context.
 */
@DatabaseTest
class StatementTimeoutTest {

    private static final LoadProperties SETTINGS = new LoadProperties(0, 0, 64, Duration.ofSeconds(1), 1000,
            Duration.ofSeconds(10), Duration.ofSeconds(2));

    @Autowired
    DSLContext db;

    @Test
    void aStatementBoundToADeadlineIsCancelledAtItAndOneWithoutRunsOn() {
        DSLContext statements = DSL.using(db.configuration()
                .deriveAppending(new StatementTimeout().deadlineOfQueuedRequests(SETTINGS)));
        long started = System.nanoTime();
        DSLContext bound = StatementDeadline.bind(statements, started + Duration.ofMillis(300).toNanos());

        assertThatThrownBy(() -> bound.fetch("select 1 from pg_sleep(5)"))
                .satisfies(failure -> assertThat(DatabaseFailures.isStatementTimeout(failure)).isTrue());
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(4));

        assertThat(StatementDeadline.of(statements.configuration())).as("the unbound context keeps no deadline").isNull();
        assertThat(statements.fetch("select 1 from pg_sleep(0.5)")).hasSize(1);
    }
}
