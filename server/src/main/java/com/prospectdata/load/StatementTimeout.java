package com.prospectdata.load;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.jooq.autoconfigure.DefaultConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A time limit on every statement the server's requests run through jOOQ
 * ({@code app.load.statement-timeout}), so that no API request keeps PostgreSQL busy past its
 * usefulness: the driver cancels the statement in PostgreSQL (SQLSTATE 57014) and the request is
 * answered 503. Only the server's, and only jOOQ's: Flyway's migrations at start-up and the
 * operator commands' loads run as long as they need. (A {@code statement_timeout} on the
 * pool's connections would bind the migrations too, and leak to the pool if lifted.)
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class StatementTimeout {

    @Bean
    DefaultConfigurationCustomizer statementTimeoutOfApiQueries(LoadProperties settings) {
        // JDBC counts whole seconds; a part of a second is rounded up, never down to "no limit".
        int seconds = Math.toIntExact((settings.statementTimeout().toMillis() + 999) / 1000);
        return configuration -> configuration.settings().setQueryTimeout(seconds);
    }
}
