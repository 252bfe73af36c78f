package com.prospectdata.features.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import com.prospectdata.data.database.DatabaseReachability;
import java.sql.SQLException;
import com.prospectdata.testing.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.jooq.tools.jdbc.MockConnection;
import org.jooq.tools.jdbc.MockResult;
import org.junit.jupiter.api.Test;
import org.springframework.scheduling.TaskScheduler;

/** The check behind GET /health and readiness: one statement stands for a second, a failure for nothing. */
class DatabaseCheckTest {

    private final AtomicInteger statements = new AtomicInteger();
    private final AtomicBoolean databaseFails = new AtomicBoolean();
    private final DSLContext db = DSL.using(new MockConnection(context -> {
        statements.incrementAndGet();
        if (databaseFails.get()) {
            throw new SQLException("the database is gone", "57P01");
        }
        DSLContext create = DSL.using(SQLDialect.POSTGRES);
        return new MockResult[] {new MockResult(1, create.newResult(DSL.one()))};
    }), SQLDialect.POSTGRES);
    private final AtomicBoolean replicaServing = new AtomicBoolean();
    // It watches no pool, so it never starts its background check.
    private final DatabaseReachability reachability = new DatabaseReachability(mock(TaskScheduler.class));
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-28T12:00:00Z"));
    private final DatabaseCheck check = new DatabaseCheck(db, reachability, replicaServing::get, clock);

    @Test
    void aSuccessfulCheckStandsForTheChecksRightAfterIt() {
        assertThat(check.answers()).isTrue();
        assertThat(check.answers()).isTrue();
        assertThat(check.answers()).isTrue();

        assertThat(statements).hasValue(1);
    }

    @Test
    void aCheckRunsAgainOnceTheLastSuccessIsASecondOld() {
        assertThat(check.answers()).isTrue();
        clock.advance(DatabaseCheck.ANSWER_HOLDS.minusMillis(1));
        assertThat(check.answers()).isTrue();
        assertThat(statements).as("within the second").hasValue(1);
        clock.advance(Duration.ofMillis(1));

        assertThat(check.answers()).isTrue();
        assertThat(statements).hasValue(2);
    }

    @Test
    void aFailedCheckForgetsTheLastSuccessSoEveryCheckAsksUntilTheDatabaseAnswers() {
        assertThat(check.answers()).isTrue();
        clock.advance(DatabaseCheck.ANSWER_HOLDS);
        databaseFails.set(true);

        assertThat(check.answers()).isFalse();
        assertThat(check.answers()).isFalse();
        databaseFails.set(false);
        assertThat(check.answers()).isTrue();
        assertThat(check.answers()).isTrue();

        assertThat(statements).hasValue(4);
    }

    @Test
    void whileThePrimaryFailsAReplicaInTheRotationKeepsTheInstanceAnswering() {
        databaseFails.set(true);
        assertThat(check.answers()).as("no replica").isFalse();

        replicaServing.set(true);
        assertThat(check.answers()).isTrue();
        assertThat(check.primaryAnswers()).as("the primary is still down").isFalse();

        replicaServing.set(false);
        assertThat(check.answers()).as("the replica left the rotation").isFalse();
    }
}
