package com.prospectdata.data.database;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * With no {@code spring.datasource.url}, the service runs on the embedded PostgreSQL of
 * {@code app.data-dir}. Spring Boot's own DataSource configuration backs off when this bean
 * exists, and Flyway and jOOQ use it as they would any other.
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
        return dataSource;
    }
}
