package com.prospectdata.data.database;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.dao.DataAccessResourceFailureException;

class DatabaseFailuresTest {

    @ParameterizedTest
    @ValueSource(strings = {"08001", "08006", "08003", "57P01", "57P02", "57P03"})
    void aLostConnectionOrAServerShuttingDownIsTheDatabaseGone(String sqlState) {
        RuntimeException wrapped = new DataAccessResourceFailureException("jOOQ", new SQLException("gone", sqlState));
        assertThat(DatabaseFailures.isConnectionLost(wrapped)).isTrue();
        assertThat(DatabaseFailures.isUnreachable(wrapped)).isTrue();
        assertThat(DatabaseFailures.isStatementTimeout(wrapped)).isFalse();
    }

    @Test
    void aRefusedConnectionIsTheDatabaseGone() {
        SQLTransientConnectionException poolTimeout = new SQLTransientConnectionException("timed out", "08001",
                new SQLException("refused", "08001", new ConnectException("Connection refused")));
        assertThat(DatabaseFailures.isConnectionLost(poolTimeout)).isTrue();
        assertThat(DatabaseFailures.isConnectionLost(new IllegalStateException(new ConnectException()))).isTrue();
    }

    @Test
    void aBusyPoolIsUnreachableForNowButTheDatabaseIsNotGone() {
        SQLTransientConnectionException busy = new SQLTransientConnectionException("Connection is not available, request timed out");
        assertThat(DatabaseFailures.isUnreachable(busy)).isTrue();
        assertThat(DatabaseFailures.isConnectionLost(busy)).isFalse();
    }

    @Test
    void aCancelledStatementIsATimeoutNotAnOutage() {
        RuntimeException cancelled = new DataAccessResourceFailureException("x", new SQLException("canceling statement", "57014"));
        assertThat(DatabaseFailures.isStatementTimeout(cancelled)).isTrue();
        assertThat(DatabaseFailures.isConnectionLost(cancelled)).isFalse();
    }

    @Test
    void otherFailuresAreNeither() {
        for (Throwable failure : new Throwable[] {new SQLException("no such table", "42P01"), new SQLException("no state"),
                new IllegalArgumentException("bug"), new RuntimeException(new SQLException("unique", "23505"))}) {
            assertThat(DatabaseFailures.isConnectionLost(failure)).as("%s", failure).isFalse();
            assertThat(DatabaseFailures.isUnreachable(failure)).as("%s", failure).isFalse();
            assertThat(DatabaseFailures.isStatementTimeout(failure)).as("%s", failure).isFalse();
        }
    }

    @Test
    void aCauseThatIsItselfEndsTheSearch() {
        SQLException selfCaused = new SQLException("odd", "XX000") {
            @Override
            public synchronized Throwable getCause() {
                return this;
            }
        };
        assertThat(DatabaseFailures.isConnectionLost(selfCaused)).isFalse();
        assertThat(DatabaseFailures.isUnreachable(selfCaused)).isFalse();
    }
}
