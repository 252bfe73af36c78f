package com.prospectdata.pipeline.load;

import com.prospectdata.data.database.StatementDeadline;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.jooq.ExecuteContext;
import org.jooq.ExecuteListener;
import org.jooq.ExecuteListenerProvider;
import org.jooq.exception.DataAccessException;
import org.jooq.impl.DefaultExecuteListenerProvider;
import org.postgresql.jdbc.PgStatement;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.jooq.autoconfigure.DefaultConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A time limit on every statement the server's requests run through jOOQ
 * ({@code app.load.statement-timeout}), so that no API request keeps PostgreSQL busy past its
 * usefulness: the driver cancels the statement in PostgreSQL (SQLSTATE 57014) and the request is
 * answered 503. Only the server's, and only jOOQ's: Flyway's migrations at start-up and the
 * operator commands' loads run as long as they need. (A {@code statement_timeout} on the
 * pool's connections would bind the migrations too, and leak to the pool if lifted.)
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class StatementTimeout {

    @Bean
    DefaultConfigurationCustomizer statementTimeoutOfApiQueries(LoadProperties settings) {
        // JDBC counts whole seconds; a part of a second is rounded up, never down to "no limit".
        int seconds = Math.toIntExact((settings.statementTimeout().toMillis() + 999) / 1000);
        return configuration -> configuration.settings().setQueryTimeout(seconds);
    }

    /**
     * A request with a deadline ({@link LoadSheddingFilter}) runs its statements through a
     * context that carries it ({@link StatementDeadline}, made by pipeline/RequestReads from the
     * request's context), and each of them gets only the time it has left, to the millisecond:
     * JDBC's own timeout counts whole seconds, PgJDBC's own statement class takes milliseconds.
     * Set as the statement starts, after jOOQ has set the whole seconds of
     * {@link #statementTimeoutOfApiQueries}.
     */
    @Bean
    ExecuteListenerProvider deadlineOfQueuedRequests(LoadProperties settings) {
        long statementTimeoutMillis = settings.statementTimeout().toMillis();
        return new DefaultExecuteListenerProvider(new ExecuteListener() {
            @Override
            public void executeStart(ExecuteContext context) {
                Long deadlineNanos = StatementDeadline.of(context.configuration());
                PreparedStatement statement = context.statement();
                if (deadlineNanos == null || statement == null) {
                    return;
                }
                long left = Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000);
                if (left >= statementTimeoutMillis) {
                    return;
                }
                try {
                    if (statement.isWrapperFor(PgStatement.class)) {
                        statement.unwrap(PgStatement.class).setQueryTimeoutMs(left);
                    }
                } catch (SQLException e) {
                    throw new DataAccessException("The statement's time limit could not be set", e);
                }
            }
        });
    }
}
