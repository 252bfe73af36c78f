package com.prospectdata.database;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
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
        for (Throwable cause = failure; cause != null && cause.getCause() != cause; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && "57014".equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The database itself is gone: a connection refused or ended, or the server shutting down
     * (SQLSTATE classes 08 and 57P). Not a pool that is only busy, whose timeout carries no such cause.
     */
    public static boolean isConnectionLost(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException) {
                return true;
            }
            if (cause instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P"))) {
                return true;
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }

    public static boolean isUnreachable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLTransientConnectionException
                    || cause instanceof ConnectException
                    || cause instanceof DataAccessResourceFailureException
                    || cause instanceof CannotCreateTransactionException) {
                return true;
            }
            if (cause instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                // 08: connection exceptions; 57P01-57P03: server shutting down or not accepting connections.
                if (state.startsWith("08") || state.startsWith("57P")) {
                    return true;
                }
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return false;
    }
}
