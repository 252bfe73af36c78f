package com.prospectdata.operator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A bad setting stops serve and every command before anything starts, with one line on stderr
 * naming the property, the value and what is allowed, and nothing else.
 */
// It captures the standard streams: nothing else may write to them meanwhile (junit-platform.properties).
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class BadSettingTest {

    private static CommandRun run(String... args) {
        return CommandRun.of(args);
    }

    private static void assertOneLine(CommandRun run, String... words) {
        assertThat(run.status()).as("%s", run).isNotZero();
        List<String> lines = run.errorLines();
        assertThat(lines).as("one line on stderr: %s", run).hasSize(1);
        assertThat(lines.getFirst()).startsWith("error: ").contains(words).doesNotContain("Exception");
        assertThat(run.stdout()).as("nothing started, nothing logged").isEmpty();
    }

    @ParameterizedTest
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    @CsvSource(delimiter = '|', textBlock = """
            --app.auth.cache-ttl=120s                      | app.auth.cache-ttl=120s                      | at most 60s
            --app.auth.cache-ttl=soon                      | app.auth.cache-ttl=soon                      | a duration such as 30s
            --app.auth.cache-ttl=-1s                       | app.auth.cache-ttl=-1s                       | must not be negative
            --app.rate-limit.store=redys                   | app.rate-limit.store=redys                   | one of local, redis
            --app.environment=prod                         | app.environment=prod                         | one of live, test
            --app.tls.mode=tls                             | app.tls.mode=tls                             | one of self-signed, pem, proxy
            --app.auth.failed-attempts-per-minute=0        | app.auth.failed-attempts-per-minute=0        | greater than or equal to 1
            --app.embedded-postgres.port=70000             | app.embedded-postgres.port=70000             | less than or equal to 65535
            --app.embedded-postgres.shared-buffers=lots    | app.embedded-postgres.shared-buffers=lots    | a size such as 128MB
            --app.rate-limit.enabled=maybe                 | app.rate-limit.enabled=maybe                 | true or false
            --app.cors.allowed-origins=partner.example     | app.cors.allowed-origins[0]=partner.example  | scheme, host and port
            --app.benchmark.unauthenticated-organization=1 | app.benchmark.unauthenticated-organization=1 | an id
            --app.replicas.urls=postgres://replica:5432/db | app.replicas.urls[0]=postgres://replica:5432/db | must be a PostgreSQL JDBC URL
            --app.replicas.max-lag=10ms                    | app.replicas.max-lag=10ms                    | longer than or equal to 100 millis
            --app.replicas.check-interval=2m               | app.replicas.check-interval=2m               | shorter than or equal to 1 minute
            --spring.data.redis.url=localhost:6379         | spring.data.redis.url=localhost:6379         | redis:// or rediss://
            --app.load.queued-deadline=500ms               | app.load.queued-deadline-longer-than-max-wait=false | must be longer than app.load.max-wait
            --app.load.queued-deadline=20ms                | app.load.queued-deadline=20ms                | longer than or equal to 100 millis
            --app.load.list-concurrency=-4                 | app.load.list-concurrency=-4                 | greater than or equal to 0
            --app.write-timeout=0s                         | app.write-timeout=0s                         | longer than or equal to 1 second
            --app.write-timeout=2h                         | app.write-timeout=2h                         | shorter than or equal to 1 hour
            --app.public-base-url=https://api.example.com/  | app.public-base-url=https://api.example.com/  | must be https:// followed by a DNS name
            --app.public-base-url=http://api.example.com   | app.public-base-url=http://api.example.com   | nothing after it
            --app.public-base-url=https://api.example.com:0 | app.public-base-url=https://api.example.com:0 | port from 1 to 65535
            """)
    void serveStopsWithOneLineNamingThePropertyTheValueAndWhatIsAllowed(String argument, String named, String allowed) {
        assertOneLine(run("serve", argument), named, allowed, "README");
    }

    /** Spring Boot's own settings: some are read by a condition or the web server before Boot binds them. */
    @ParameterizedTest
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    @CsvSource(delimiter = '|', textBlock = """
            --server.port=abc                                | server.port=abc                                | a whole number
            --server.port=70000                              | server.port=70000                              | must be a port, 1 to 65535
            --server.address=999.1.1.1                       | server.address=999.1.1.1                       | an IP address, or a host name
            --server.shutdown=later                          | server.shutdown=later                          | one of graceful, immediate
            --server.tomcat.connection-timeout=soon          | server.tomcat.connection-timeout=soon          | a duration such as 30s
            --server.tomcat.max-http-response-header-size=1Q | server.tomcat.max-http-response-header-size=1Q | a size such as 128MB
            --management.server.port=-5                      | management.server.port=-5                      | -1 for none
            --management.server.address=no.such.host.invalid | management.server.address=no.such.host.invalid | an IP address, or a host name
            --management.endpoint.health.probes.enabled=sure | management.endpoint.health.probes.enabled=sure | true or false
            --spring.datasource.hikari.maximum-pool-size=0   | spring.datasource.hikari.maximum-pool-size=0   | cannot be less than 1
            --spring.datasource.hikari.connection-timeout=10 | spring.datasource.hikari.connection-timeout=10 | cannot be less than 250ms
            --spring.lifecycle.timeout-per-shutdown-phase=x  | spring.lifecycle.timeout-per-shutdown-phase=x  | a duration such as 30s
            --spring.threads.virtual.enabled=maybe           | spring.threads.virtual.enabled=maybe           | true or false
            --spring.datasource.url=jdbc:mysql://db/crm      | spring.datasource.url=jdbc:mysql://db/crm      | must be a PostgreSQL address
            --spring.datasource.url=localhost:5432/crm       | spring.datasource.url=localhost:5432/crm       | jdbc:postgresql://host:5432/database
            """)
    void serveStopsWithOneLineNamingASpringSettingTheValueAndWhatIsAllowed(String argument, String named, String allowed) {
        assertOneLine(run("serve", argument), named, allowed);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aRefusedDatabaseAddressIsNamedWithoutItsPassword() {
        System.setProperty("database.url", "mysql://crm:s3cret-Pa55@db.example:3306/crm");
        try {
            for (List<String> command : List.of(List.of("serve"), List.of("keys", "list"))) {
                CommandRun run = run(command.toArray(String[]::new));
                assertOneLine(run, "DATABASE_URL=mysql://crm:***@db.example:3306/crm", "must be a PostgreSQL address");
                assertThat(run.stderr()).doesNotContain("s3cret");
            }
        } finally {
            System.clearProperty("database.url");
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyCommandStopsTheSameWay() {
        System.setProperty("app.rate-limit.store", "redys");
        try {
            for (List<String> command : List.of(List.of("keys", "list"), List.of("orgs", "list"),
                    List.of("demo-data", "--companies", "1"))) {
                assertOneLine(run(command.toArray(String[]::new)), "app.rate-limit.store=redys", "one of local, redis");
            }
        } finally {
            System.clearProperty("app.rate-limit.store");
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void serveWithTheDatabaseDownStopsWithOneLineAndNoStackTrace() {
        CommandRun run = run("serve", "--spring.datasource.url=jdbc:postgresql://127.0.0.1:1/nowhere",
                "--spring.datasource.username=nobody", "--spring.datasource.password=none", "--server.port=0",
                "--management.server.port=-1");

        assertThat(run.status()).isNotZero();
        assertThat(run.errorLines()).singleElement().asString().startsWith("error: the database cannot be reached");
        assertThat(run.stdout().lines()).as("no stack trace in the log").noneMatch(line -> line.startsWith("\tat "));
    }

    @Test
    void aFieldPathIsWrittenAsThePropertysPath() {
        assertThat(SettingFailure.kebabCase("embeddedPostgres.sharedBuffers")).isEqualTo("embedded-postgres.shared-buffers");
        assertThat(SettingFailure.kebabCase("cors.allowedOrigins[0]")).isEqualTo("cors.allowed-origins[0]");
        assertThat(SettingFailure.kebabCase("cacheTtl")).isEqualTo("cache-ttl");
    }
}
