package com.prospectdata.webtier;

/**
 * The tag of the web tier's classes whose subject is the data read back from the database:
 * besides the ordinary run on the embedded PostgreSQL, CI runs them on the machine's own
 * PostgreSQL server ({@code -Dgroups=database-server -Dwebtier.database.admin-url=...}, see
 * {@link WebTierDatabase}), as contract-tests' support/DatabaseServer does for the jar.
 */
public final class DatabaseServer {

    public static final String TAG = "database-server";

    private DatabaseServer() {
    }
}
