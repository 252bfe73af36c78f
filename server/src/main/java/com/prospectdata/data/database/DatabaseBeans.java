package com.prospectdata.data.database;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

/**
 * The database's beans for a context that scans no components (the operator commands'): the
 * embedded PostgreSQL when no {@code spring.datasource.url} is set, and the reachability guard
 * in front of whichever pool is made. With a URL, Spring Boot's DataSource auto-configuration
 * makes the pool, as in {@code serve}.
 */
@Import({EmbeddedDatabaseConfiguration.class, ReachabilityConfiguration.class, DatabaseReachability.class})
@EnableConfigurationProperties(DatabaseProperties.class)
public class DatabaseBeans {
}
