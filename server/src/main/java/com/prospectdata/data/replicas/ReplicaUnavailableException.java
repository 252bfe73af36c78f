package com.prospectdata.data.replicas;

import java.sql.SQLException;
import org.jooq.exception.DataAccessException;

/**
 * A replica gave no connection for a statement, which therefore never ran there. The failure has
 * been reported already (a lost replica has left the rotation); the primary has every write the
 * replica had, so the statement can run there instead, on newer data than the replica's, never
 * older.
 */
public final class ReplicaUnavailableException extends DataAccessException {

    public ReplicaUnavailableException(String replica, SQLException cause) {
        super(replica + " gave no connection", cause);
    }
}
