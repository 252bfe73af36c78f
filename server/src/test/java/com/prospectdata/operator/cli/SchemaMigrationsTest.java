package com.prospectdata.operator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.data.database.EmbeddedPostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.stream.Stream;
import org.flywaydb.core.api.MigrationVersion;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A command starts Flyway only when the schema lacks one of the jar's migrations, and never
 * takes a database that lacks one for up to date: not a new one, not one whose history misses a
 * version, not one where a migration failed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SchemaMigrationsTest {

    private static final Path DATA_DIR = Path.of("target/test-data/schema-migrations").toAbsolutePath();

    private EmbeddedPostgresServer server;
    private DriverManagerDataSource database;

    @BeforeAll
    void startDatabase() throws Exception {
        server = EmbeddedPostgresServer.startOrAttach(new EmbeddedPostgresServer.Settings(
                DATA_DIR.resolve("postgres"), 0, "32MB", false));
        DriverManagerDataSource admin = new DriverManagerDataSource(server.jdbcUrl(), server.username(), server.password());
        try (Connection connection = admin.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("drop database if exists schema_check");
            statement.execute("create database schema_check");
        }
        database = new DriverManagerDataSource(server.jdbcUrl().replaceFirst("/postgres$", "/schema_check"),
                server.username(), server.password());
    }

    @AfterAll
    void stopDatabase() {
        server.close();
    }

    private void execute(String sql) throws Exception {
        try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    @Test
    void onlyADatabaseWithEveryShippedMigrationIsUpToDate() throws Exception {
        SchemaMigrations migrations = new SchemaMigrations(database, new StandardEnvironment());
        long shippedFiles;
        try (Stream<Path> files = Files.list(Path.of("../db/migrations"))) {
            shippedFiles = files.filter(file -> file.getFileName().toString().matches("V\\d+__.*\\.sql")).count();
        }
        MigrationVersion newest = migrations.shippedVersions().stream().max(MigrationVersion::compareTo).orElseThrow();

        assertThat(migrations.shippedVersions()).hasSize((int) shippedFiles);
        assertThat(migrations.upToDate()).as("a new database").isFalse();

        migrations.afterPropertiesSet();
        assertThat(migrations.upToDate()).as("after Flyway").isTrue();

        execute("update flyway_schema_history set success = false where version = '" + newest + "'");
        assertThat(migrations.upToDate()).as("the newest migration failed").isFalse();
        execute("update flyway_schema_history set success = true where version = '" + newest + "'");
        execute("delete from flyway_schema_history where version = '1'");
        assertThat(migrations.upToDate()).as("the oldest migration missing from the history").isFalse();
    }
}
