package com.prospectdata.operator.cli;

import com.prospectdata.SchedulerConfiguration;
import com.prospectdata.TimeConfiguration;
import com.prospectdata.data.database.DatabaseBeans;
import com.prospectdata.data.organizations.OrganizationQueries;
import com.prospectdata.data.replicas.ReplicaBeans;
import com.prospectdata.operator.demodata.DemoDataLoader;
import com.prospectdata.operator.importer.ImporterBeans;
import com.prospectdata.pipeline.auth.KeyManagementBeans;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jooq.autoconfigure.JooqAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The Spring context of the operator commands: the database (the embedded PostgreSQL, or the
 * pool of {@code spring.datasource.*}), jOOQ, the schema brought up to date, and the services
 * the commands call, named one by one (the background loops' scheduler among them, for the
 * database's check during an outage). No component scan and no other auto-configuration: no web
 * server, no actuator, no Redis, no tracing, which {@code serve}'s context starts and a command
 * would only wait for (bench/notes/operations.md, "Command start time"). Every {@code app.*}
 * setting is still validated first (core/settings/SettingsCheck runs for every context).
 *
 * <p>Deliberately not a {@code @Configuration}: the application's component scan, which covers
 * this package, must not find it and add its beans to {@code serve}'s context.
 */
@ImportAutoConfiguration({DataSourceAutoConfiguration.class, DataSourceTransactionManagerAutoConfiguration.class,
        JooqAutoConfiguration.class})
@Import({DatabaseBeans.class, ReplicaBeans.class, SchemaMigrations.class, TimeConfiguration.class,
        SchedulerConfiguration.class, OrganizationQueries.class, KeyManagementBeans.class, ImporterBeans.class,
        DemoDataLoader.class})
class CommandConfiguration {

    /** The services count what they do; a command's counts are in what it prints, and nothing scrapes them. */
    @Bean
    MeterRegistry meterRegistry() {
        return new SimpleMeterRegistry();
    }
}
