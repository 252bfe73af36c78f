package com.prospectdata.data.database;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.TaskScheduler;

/**
 * With no {@code spring.datasource.url}, the service runs on the embedded PostgreSQL of
 * {@code app.data-dir}. Spring Boot's own DataSource configuration backs off when this bean
 * exists, and Flyway and jOOQ use it as they would any other. {@code serve} also looks after it
 * (EmbeddedPostgresSupervisor); the operator commands, which end soon, do not.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(NoDatasourceUrlCondition.class)
class EmbeddedDatabaseConfiguration {

    @Bean(destroyMethod = "close")
    EmbeddedPostgresServer embeddedPostgresServer(DatabaseProperties settings) {
        DatabaseProperties.EmbeddedPostgres embedded = settings.embeddedPostgres();
        // In PostgreSQL's own notation (kilobytes), whatever unit the setting was written in.
        String sharedBuffers = embedded.sharedBuffers().toKilobytes() + "kB";
        return EmbeddedPostgresServer.startOrAttach(new EmbeddedPostgresServer.Settings(
                settings.dataDir().resolve("postgres"), embedded.port(), sharedBuffers, embedded.durable()));
    }

    @Bean
    @ConfigurationProperties("spring.datasource.hikari")
    HikariDataSource dataSource(EmbeddedPostgresServer server) {
        HikariDataSource dataSource = new HikariDataSource();
        dataSource.setJdbcUrl(server.jdbcUrl());
        dataSource.setUsername(server.username());
        dataSource.setPassword(server.password());
        // So that the server, when this process ends, tells this pool's sessions from another process's.
        dataSource.addDataSourceProperty("ApplicationName", server.applicationName());
        return dataSource;
    }

    @Bean
    @ConditionalOnWebApplication
    EmbeddedPostgresSupervisor embeddedPostgresSupervisor(EmbeddedPostgresServer server, DatabaseReachability reachability,
                                                          DatabaseProperties settings, ApplicationEventPublisher events,
                                                          TaskScheduler scheduler) {
        return new EmbeddedPostgresSupervisor(server, reachability, settings.embeddedPostgres().recoveryTimeout(), events,
                scheduler);
    }
}
