package com.prospectdata.contract.support;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.Driver;

/**
 * A fresh, empty PostgreSQL database of our own for one test run: {@code contract_<random>}, created
 * with a byte-order collation ({@code C.UTF-8}) so that name orderings do not depend on the
 * machine's locale. The server is either a zonky embedded PostgreSQL started here, or the one
 * named by {@code contract.database.admin-url}; the database is dropped at the end either way.
 */
final class TestDatabase implements AutoCloseable {

    private static final Pattern JDBC_URL = Pattern.compile("(jdbc:postgresql://[^/?]*/)([^?]*)(\\?.*)?");

    private final EmbeddedPostgres embedded;
    private final String adminUrl;
    private final String name;
    private final String jdbcUrl;
    private final String username;
    private final String password;

    private TestDatabase(EmbeddedPostgres embedded, String adminUrl) throws SQLException {
        this.embedded = embedded;
        this.adminUrl = adminUrl;
        this.name = "contract_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        Matcher matcher = JDBC_URL.matcher(adminUrl);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("contract.database.admin-url must look like "
                    + "jdbc:postgresql://HOST:PORT/DATABASE?user=USER, not " + adminUrl);
        }
        this.jdbcUrl = matcher.group(1) + name + (matcher.group(3) == null ? "" : matcher.group(3));
        Properties parsed = Driver.parseURL(adminUrl, new Properties());
        this.username = parsed == null ? "" : parsed.getProperty("user", "");
        this.password = parsed == null ? "" : parsed.getProperty("password", "");
        execute("CREATE DATABASE " + name
                + " TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'");
    }

    /** The embedded PostgreSQL, with its data directory under {@code workDirectory}. */
    static TestDatabase embedded(Path workDirectory) throws IOException, SQLException {
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(dataDirectory(workDirectory))
                .setCleanDataDirectory(true)
                .setLocaleConfig("locale-provider", "builtin")
                .setLocaleConfig("builtin-locale", "C.UTF-8")
                .start();
        try {
            return new TestDatabase(postgres, postgres.getJdbcUrl("postgres", "postgres"));
        } catch (SQLException | RuntimeException e) {
            postgres.close();
            throw e;
        }
    }

    static Path dataDirectory(Path workDirectory) {
        return workDirectory.resolve("embedded-postgres");
    }

    /** The data directory of the server this test run started; empty on a server of {@code contract.database.admin-url}. */
    java.util.Optional<Path> ownServerDataDirectory(Path workDirectory) {
        return embedded == null ? java.util.Optional.empty() : java.util.Optional.of(dataDirectory(workDirectory));
    }

    /** A database of our own on the server of {@code adminUrl}, e.g. jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres. */
    static TestDatabase onServer(String adminUrl) throws SQLException {
        return new TestDatabase(null, adminUrl);
    }

    String jdbcUrl() {
        return jdbcUrl;
    }

    String username() {
        return username;
    }

    String password() {
        return password;
    }

    /** The database's name, {@code contract_<random>}. */
    String name() {
        return name;
    }

    /** A connection to our database, with the administrator's credentials (fault injection, rows no command writes). */
    Connection connectToDatabase() throws SQLException {
        return DriverManager.getConnection(jdbcUrl);
    }

    /** A connection to the administrator's database (not ours), e.g. to change or end our database's sessions. */
    Connection connectAsAdministrator() throws SQLException {
        return DriverManager.getConnection(adminUrl);
    }

    String describe() {
        return (embedded != null ? "embedded PostgreSQL on port " + embedded.getPort() : adminUrl.replaceAll("password=[^&]*", "password=***"))
                + ", database " + name;
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(adminUrl);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    @Override
    public void close() throws Exception {
        CloseAll.run(List.of(
                // FORCE: a connection the server left behind must not keep the database alive.
                () -> execute("DROP DATABASE IF EXISTS " + name.toLowerCase(Locale.ROOT) + " WITH (FORCE)"),
                () -> {
                    if (embedded != null) {
                        embedded.close();
                    }
                }));
    }
}
