package com.prospectdata.data.database;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Locale;
import org.jooq.ExecuteContext;
import org.jooq.ExecuteListener;
import org.jooq.ExecuteListenerProvider;
import org.jooq.impl.DefaultExecuteListenerProvider;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One observation, so one span, per SQL statement jOOQ runs: a child of the request's span,
 * named after the statement's operation ({@code SELECT}, {@code INSERT}...), with
 * {@code db.system=postgresql} and {@code db.operation}. Neither the statement's text nor its
 * bind values go into it: a search's parameters are a partner's data.
 */
@Configuration(proxyBeanMethods = false)
class StatementObservations {

    @Bean
    ExecuteListenerProvider observationOfEachStatement(ObjectProvider<ObservationRegistry> registry) {
        return new DefaultExecuteListenerProvider(new StatementObservation(registry.getIfAvailable(() -> ObservationRegistry.NOOP)));
    }

    private static final class StatementObservation implements ExecuteListener {

        private static final String KEY = StatementObservation.class.getName();
        private final ObservationRegistry registry;

        StatementObservation(ObservationRegistry registry) {
            this.registry = registry;
        }

        @Override
        public void executeStart(ExecuteContext ctx) {
            if (registry.isNoop()) {
                return;
            }
            String operation = operation(ctx.sql());
            Observation observation = Observation.createNotStarted("db.statement", registry)
                    .contextualName(operation)
                    .lowCardinalityKeyValue("db.system", "postgresql")
                    .lowCardinalityKeyValue("db.operation", operation)
                    .start();
            ctx.data(KEY, observation);
        }

        @Override
        public void exception(ExecuteContext ctx) {
            if (ctx.data(KEY) instanceof Observation observation && ctx.exception() != null) {
                observation.error(ctx.exception());
            }
        }

        @Override
        public void end(ExecuteContext ctx) {
            if (ctx.data(KEY) instanceof Observation observation) {
                ctx.data().remove(KEY);
                observation.stop();
            }
        }

        /** The statement's first keyword: what it does, never what it was given. */
        private static String operation(String sql) {
            if (sql == null) {
                return "UNKNOWN";
            }
            String trimmed = sql.stripLeading();
            int end = 0;
            while (end < trimmed.length() && Character.isLetter(trimmed.charAt(end))) {
                end++;
            }
            return end == 0 ? "UNKNOWN" : trimmed.substring(0, end).toUpperCase(Locale.ROOT);
        }
    }
}
