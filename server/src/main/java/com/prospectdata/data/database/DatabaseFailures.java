package com.prospectdata.data.database;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.function.Predicate;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Tells "the database cannot be reached" (503, recovers by itself) and "the statement ran past
 * {@code statement_timeout}" (503, the database is overloaded) from other failures (500).
 */
public final class DatabaseFailures {

    private DatabaseFailures() {
    }

    /** PostgreSQL cancelled the statement: {@code statement_timeout} (SQLSTATE 57014, query_canceled). */
    public static boolean isStatementTimeout(Throwable failure) {
        return anyCause(failure, cause -> cause instanceof SQLException sql && "57014".equals(sql.getSQLState()));
    }

    /**
     * The database itself is gone: a connection refused or ended, or the server shutting down
     * (SQLSTATE classes 08, connection exceptions, and 57P, shutting down or not accepting
     * connections). Not a pool that is only busy, whose timeout carries no such cause.
     */
    public static boolean isConnectionLost(Throwable failure) {
        return anyCause(failure, cause -> cause instanceof ConnectException
                || cause instanceof SQLException sql && sql.getSQLState() != null
                && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P")));
    }

    /** No connection could be had, for whatever reason, the database gone or the pool exhausted: 503. */
    public static boolean isUnreachable(Throwable failure) {
        return isConnectionLost(failure) || anyCause(failure, cause -> cause instanceof SQLTransientConnectionException
                || cause instanceof DataAccessResourceFailureException
                || cause instanceof CannotCreateTransactionException);
    }

    private static boolean anyCause(Throwable failure, Predicate<Throwable> test) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (test.test(cause)) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }
}
