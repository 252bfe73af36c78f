package com.prospectdata.pipeline.auth;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Import;

/**
 * What issues, lists, rotates and revokes keys, for a context that scans no components (the
 * operator commands'): none of the request pipeline's filters.
 */
@Import({ApiKeyService.class, ApiKeyQueries.class, ValidatedKeyCache.class, EnvironmentSettings.class})
@EnableConfigurationProperties({AuthProperties.class, EnvironmentProperties.class})
public class KeyManagementBeans {
}
