package com.prospectdata.data.database;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/** True when no real database is configured ({@code SPRING_DATASOURCE_URL} included). */
public class NoDatasourceUrlCondition implements Condition {

    public static boolean noDatasourceUrl(org.springframework.core.env.Environment environment) {
        return !StringUtils.hasText(environment.getProperty("spring.datasource.url"));
    }

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return noDatasourceUrl(context.getEnvironment());
    }
}
