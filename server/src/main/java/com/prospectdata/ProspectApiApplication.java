package com.prospectdata;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The Spring application every command starts (cli/SpringContexts); the jar's entry point is
 * cli/Main. Every setting is a validated {@code @ConfigurationProperties} record of its feature,
 * bound in every command.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ProspectApiApplication {
}
