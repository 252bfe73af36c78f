package com.prospectdata.operator.cli;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.env.Environment;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * Brings the schema up to the jar's migrations before a command runs, as {@code serve} does, so
 * that a command works on an empty or an older database. Flyway is started only when the
 * database lacks one of the jar's versioned migrations: the common case, a schema already up to
 * date, costs one query instead of Flyway's start (bench/notes/operations.md, "Command start
 * time"). A failed migration in the history counts as missing, so Flyway is started and reports
 * it, as it would have.
 */
final class SchemaMigrations implements InitializingBean {

    /** Flyway's defaults, which the application keeps: {@code V<version>__<description>.sql}. */
    private static final Pattern VERSIONED = Pattern.compile("V([0-9][0-9._]*)__.*\\.sql");
    /** PostgreSQL's undefined_table: a database Flyway has never migrated. */
    private static final String UNDEFINED_TABLE = "42P01";

    private final DataSource dataSource;
    private final String[] locations;

    SchemaMigrations(DataSource dataSource, Environment environment) {
        this.dataSource = dataSource;
        this.locations = environment.getProperty("spring.flyway.locations", String[].class, new String[] {"classpath:db/migration"});
    }

    @Override
    public void afterPropertiesSet() throws SQLException, IOException {
        if (!upToDate()) {
            Flyway.configure(SchemaMigrations.class.getClassLoader())
                    .dataSource(dataSource)
                    .locations(locations)
                    .load()
                    .migrate();
        }
    }

    boolean upToDate() throws SQLException, IOException {
        Set<MigrationVersion> shipped = shippedVersions();
        if (shipped.isEmpty()) {
            return false;
        }
        return appliedVersions().containsAll(shipped);
    }

    /** The versions of the migrations in the jar; none when a location is not on the class path, so Flyway decides. */
    Set<MigrationVersion> shippedVersions() throws IOException {
        Set<MigrationVersion> versions = new HashSet<>();
        PathMatchingResourcePatternResolver resolver = new PathMatchingResourcePatternResolver(SchemaMigrations.class.getClassLoader());
        for (String location : locations) {
            if (!location.startsWith("classpath:")) {
                return Set.of();
            }
            String folder = location.substring("classpath:".length()).replaceAll("^/+|/+$", "");
            for (Resource resource : resolver.getResources("classpath*:" + folder + "/**/V*.sql")) {
                Matcher versioned = VERSIONED.matcher(String.valueOf(resource.getFilename()));
                if (versioned.matches()) {
                    versions.add(MigrationVersion.fromVersion(versioned.group(1)));
                }
            }
        }
        return versions;
    }

    /** The versions the schema history records as applied successfully; none before the first migration. */
    private Set<MigrationVersion> appliedVersions() throws SQLException {
        Set<MigrationVersion> versions = new HashSet<>();
        try (Connection connection = dataSource.getConnection();
             Statement statement = connection.createStatement();
             ResultSet applied = statement.executeQuery(
                     "select version from flyway_schema_history where success and version is not null")) {
            while (applied.next()) {
                versions.add(MigrationVersion.fromVersion(applied.getString(1)));
            }
        } catch (SQLException e) {
            if (UNDEFINED_TABLE.equals(e.getSQLState())) {
                return Set.of();
            }
            throw e;
        }
        return versions;
    }
}
