package com.prospectdata.webtier;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.postgresql.Driver;

/**
 * The database server of the web tier. By default the application's own embedded PostgreSQL
 * ({@code app.data-dir}); with the system property {@value #ADMIN_URL} naming a server's
 * administrator's URL (e.g. {@code jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres}), a
 * fresh database {@code webtier_<random>} on that server, created with a byte-order collation
 * ({@code C.UTF-8}) as the contract tests' support/TestDatabase does, so that name orderings do
 * not depend on the machine's locale. It is created once per JVM, given to the application as
 * {@code spring.datasource.*}, and dropped when the JVM ends.
 */
public final class WebTierDatabase {

    public static final String ADMIN_URL = "webtier.database.admin-url";
    private static final Pattern JDBC_URL = Pattern.compile("(jdbc:postgresql://[^/?]*/)([^?]*)(\\?.*)?");

    private static boolean sharedResolved;
    private static @Nullable WebTierDatabase shared;

    private final String adminUrl;
    private final String name;
    private final String jdbcUrl;
    private final String username;
    private final String password;

    private WebTierDatabase(String adminUrl) throws SQLException {
        this.adminUrl = adminUrl;
        this.name = "webtier_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        Matcher matcher = JDBC_URL.matcher(adminUrl);
        if (!matcher.matches()) {
            throw new IllegalArgumentException(ADMIN_URL + " must look like jdbc:postgresql://HOST:PORT/DATABASE?user=USER, not "
                    + adminUrl);
        }
        this.jdbcUrl = matcher.group(1) + name + (matcher.group(3) == null ? "" : matcher.group(3));
        Properties parsed = Driver.parseURL(adminUrl, new Properties());
        this.username = parsed == null ? "" : parsed.getProperty("user", "");
        this.password = parsed == null ? "" : parsed.getProperty("password", "");
        execute("CREATE DATABASE " + name + " TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'");
        Runtime.getRuntime().addShutdownHook(new Thread(this::drop, "web-tier-database-drop"));
    }

    /** The database on the server named by {@value #ADMIN_URL}; empty when it names none. */
    public static synchronized Optional<WebTierDatabase> onServer() {
        if (!sharedResolved) {
            String adminUrl = System.getProperty(ADMIN_URL, "").strip();
            try {
                shared = adminUrl.isEmpty() ? null : new WebTierDatabase(adminUrl);
            } catch (SQLException e) {
                throw new IllegalStateException("Could not create the web tier's database on " + redacted(adminUrl) + ": " + e, e);
            }
            sharedResolved = true;
        }
        return Optional.ofNullable(shared);
    }

    public String jdbcUrl() {
        return jdbcUrl;
    }

    public String username() {
        return username;
    }

    public String password() {
        return password;
    }

    private void drop() {
        try {
            // FORCE: the application's pool may still hold connections when the JVM ends.
            execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        } catch (SQLException e) {
            System.err.println("Could not drop the web tier's database " + name + " on " + redacted(adminUrl) + ": " + e);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(adminUrl);
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static String redacted(String url) {
        return url.replaceAll("password=[^&]*", "password=***");
    }
}
