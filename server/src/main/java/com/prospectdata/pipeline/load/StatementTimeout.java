package com.prospectdata.pipeline.load;

import com.prospectdata.data.database.CancelSignal;
import com.prospectdata.data.database.StatementDeadline;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.Executor;
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
 * A time limit on every statement the server runs through jOOQ ({@code app.load.statement-timeout}),
 * so that no API request keeps PostgreSQL busy past its usefulness: the driver cancels the
 * statement in PostgreSQL (SQLSTATE 57014) and the request is answered 503. Only the server's,
 * and only jOOQ's: Flyway's migrations at start-up and the operator commands' loads run as long
 * as they need. (A {@code statement_timeout} on the pool's connections would bind the migrations
 * too, and leak to the pool if lifted.)
 *
 * <p>A cancel needs the server: a frozen one (stopped, or cut off) never takes it, and a read
 * without a timeout waits for it for ever. So while a statement runs, its connection's reads give
 * up a little after its limit ({@code app.load.statement-margin}, less the second the driver's
 * cancel may wait, {@link CancelSignal}): the driver then closes the connection (SQLSTATE 08006),
 * the pool drops it, the request is answered 503 and the database is taken for unreachable. The
 * reads of the connection are bound for that statement alone, and set back when it ends, so that
 * what the same connection does next outside jOOQ (a {@code COPY} of {@code serve --demo}'s load)
 * is not bound by it.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class StatementTimeout {

    /** PgJDBC sets a socket's timeout in the calling thread and never uses the executor. */
    private static final Executor UNUSED = Runnable::run;
    private static final String READS_BEFORE = StatementTimeout.class.getName() + ".readsBefore";

    @Bean
    DefaultConfigurationCustomizer statementTimeoutOfApiQueries(LoadProperties settings) {
        return configuration -> configuration.settings().setQueryTimeout(wholeSeconds(settings));
    }

    /** JDBC counts whole seconds; a part of a second is rounded up, never down to "no limit". */
    private static int wholeSeconds(LoadProperties settings) {
        return Math.toIntExact((settings.statementTimeout().toMillis() + 999) / 1000);
    }

    /**
     * Each statement's time limit, and how long its connection's reads wait. A request with a
     * deadline ({@link LoadSheddingFilter}) runs its statements through a context that carries it
     * ({@link StatementDeadline}, made by pipeline/RequestReads from the request's context), and
     * each of them gets only the time it has left, to the millisecond: JDBC's own timeout counts
     * whole seconds, PgJDBC's own statement class takes milliseconds. Set as the statement
     * starts, after jOOQ has set the whole seconds of {@link #statementTimeoutOfApiQueries}.
     */
    @Bean
    ExecuteListenerProvider timeLimitOfEachStatement(LoadProperties settings) {
        long statementTimeoutMillis = wholeSeconds(settings) * 1000L;
        long readsGiveUpAfterLimit = settings.statementMargin().minus(CancelSignal.TIMEOUT).toMillis();
        return new DefaultExecuteListenerProvider(new ExecuteListener() {
            @Override
            public void executeStart(ExecuteContext context) {
                PreparedStatement statement = context.statement();
                if (statement == null) {
                    return;
                }
                long limit = statementTimeoutMillis;
                Long deadlineNanos = StatementDeadline.of(context.configuration());
                if (deadlineNanos != null) {
                    long left = Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000);
                    if (left < statementTimeoutMillis) {
                        limit = left;
                        setTimeLimit(statement, left);
                    }
                }
                boundReads(context, limit + readsGiveUpAfterLimit);
            }

            @Override
            public void executeEnd(ExecuteContext context) {
                restoreReads(context);
            }

            @Override
            public void exception(ExecuteContext context) {
                restoreReads(context);
            }
        });
    }

    private static void setTimeLimit(PreparedStatement statement, long millis) {
        try {
            if (statement.isWrapperFor(PgStatement.class)) {
                statement.unwrap(PgStatement.class).setQueryTimeoutMs(millis);
            }
        } catch (SQLException e) {
            throw new DataAccessException("The statement's time limit could not be set", e);
        }
    }

    private static void boundReads(ExecuteContext context, long millis) {
        Connection connection = context.connection();
        try {
            int before = connection.getNetworkTimeout();
            connection.setNetworkTimeout(UNUSED, Math.toIntExact(millis));
            context.data(READS_BEFORE, before);
        } catch (SQLException e) {
            throw new DataAccessException("The statement's connection could not be bound", e);
        }
    }

    private static void restoreReads(ExecuteContext context) {
        if (!(context.data(READS_BEFORE) instanceof Integer before)) {
            return;
        }
        context.data().remove(READS_BEFORE);
        try {
            context.connection().setNetworkTimeout(UNUSED, before);
        } catch (SQLException e) {
            // The connection was closed under the statement (a read that gave up): nothing to set back.
        }
    }
}
