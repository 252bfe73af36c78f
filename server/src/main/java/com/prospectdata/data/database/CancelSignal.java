package com.prospectdata.data.database;

import com.zaxxer.hikari.HikariConfig;
import java.time.Duration;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * How long PgJDBC's cancel of a statement waits for the server: one second, on every pool of the
 * server (the primary's, whichever configuration made it, and each replica's).
 *
 * <p>A statement past its time limit is cancelled by the driver from a timer thread it shares
 * with every connection: it opens a connection of its own to the server, sends the cancel and
 * waits until the server closes it. A frozen server accepts that connection (the kernel does)
 * and never closes it, so the cancel waits for its whole timeout, ten seconds by default, and
 * the statement's own thread, whose read has given up by then (pipeline/load/StatementTimeout),
 * waits for the cancel to finish before it may fail: the request would be answered ten seconds
 * late. One second, the least the driver takes, is plenty for a server that answers: it takes
 * the cancel as soon as it reads it. {@code app.load.statement-margin} counts this second
 * (docs/OPERATIONS.md, "Outages").
 */
@Configuration(proxyBeanMethods = false)
public class CancelSignal {

    /** The cancel's wait, in the whole seconds PgJDBC's {@code cancelSignalTimeout} takes. */
    public static final Duration TIMEOUT = Duration.ofSeconds(1);

    /** Bounds the cancel of every connection {@code pool} opens; before the pool has started. */
    public static void bound(HikariConfig pool) {
        pool.addDataSourceProperty("cancelSignalTimeout", Long.toString(TIMEOUT.toSeconds()));
    }

    /** The primary's pool, made by either configuration, before anything has used it. */
    @Bean
    static BeanPostProcessor cancelSignalOfThePool() {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessBeforeInitialization(Object bean, String beanName) {
                if (bean instanceof HikariConfig pool) {
                    bound(pool);
                }
                return bean;
            }
        };
    }
}
