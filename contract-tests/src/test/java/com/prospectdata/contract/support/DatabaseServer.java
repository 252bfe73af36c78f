package com.prospectdata.contract.support;

/**
 * The tag of the contract tests whose subject is what the database server does: reading the
 * data, its outages and restarts, its locks and timeouts, several servers sharing it. .ci/run
 * runs these a second time against the machine's own PostgreSQL server; every class, tagged or
 * not, runs first on the embedded one.
 */
public final class DatabaseServer {

    public static final String TAG = "database-server";

    private DatabaseServer() {
    }
}
