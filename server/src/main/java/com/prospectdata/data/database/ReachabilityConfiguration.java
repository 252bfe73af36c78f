package com.prospectdata.data.database;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DelegatingDataSource;

/**
 * Puts {@link DatabaseReachability} in front of the pool, whichever configuration made it (the
 * embedded database's or Spring Boot's for {@code spring.datasource.url}), so that jOOQ, Flyway
 * and the readiness probe all get a connection through it. Spring Boot's pool metrics find the
 * pool behind it, as {@link DelegatingDataSource} unwraps.
 */
@Configuration(proxyBeanMethods = false)
class ReachabilityConfiguration {

    @Bean
    static BeanPostProcessor reachabilityGuard(ObjectProvider<DatabaseReachability> reachability) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String beanName) {
                if (bean instanceof HikariDataSource pool) {
                    DatabaseReachability watcher = reachability.getObject();
                    watcher.watch(pool);
                    return new Guarded(pool, watcher);
                }
                return bean;
            }
        };
    }

    /** Closing it closes the pool: Spring calls close() on the bean it holds, which is this one. */
    private static final class Guarded extends DelegatingDataSource implements AutoCloseable {

        private final DatabaseReachability reachability;

        Guarded(HikariDataSource pool, DatabaseReachability reachability) {
            super(pool);
            this.reachability = reachability;
        }

        @Override
        public void close() {
            ((HikariDataSource) obtainTargetDataSource()).close();
        }

        @Override
        public Connection getConnection() throws SQLException {
            reachability.requireReachable();
            try {
                return super.getConnection();
            } catch (SQLException | RuntimeException e) {
                reachability.reportFailure(e);
                throw e;
            }
        }
    }
}
