package com.prospectdata.load;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * {@code statement_timeout} on every connection of the server's pool ({@code app.load.statement-timeout}),
 * so that no API request keeps PostgreSQL busy past its usefulness: PostgreSQL cancels the
 * statement and the request is answered 503. Only the server's: the operator commands' bulk
 * loads run as long as they need.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class StatementTimeout {

    /** A post-processor is made before the settings beans, so it binds its one setting itself. */
    @Bean
    static BeanPostProcessor statementTimeoutOnTheServersPool(Environment environment) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessBeforeInitialization(Object bean, String beanName) {
                if (bean instanceof HikariDataSource pool) {
                    long millis = Binder.get(environment).bindOrCreate("app.load", LoadProperties.class)
                            .statementTimeout().toMillis();
                    // A number of milliseconds from a typed setting: nothing of a caller's reaches this line.
                    pool.setConnectionInitSql("SET statement_timeout = " + millis);
                }
                return bean;
            }
        };
    }
}
