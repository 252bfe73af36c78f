package com.prospectdata.core.settings;

import java.util.List;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.validation.ValidationBindHandler;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.validation.annotation.Validated;
import org.springframework.validation.beanvalidation.LocalValidatorFactoryBean;

/**
 * Binds and validates every settings record of the application, and the Spring settings an
 * operator sets ({@link SpringSettingsCheck}), as soon as the environment is ready, before a bean, the database or the web server starts: a bad setting stops {@code serve}
 * and every command at once, with the one line the command line makes of the failure. The
 * context binds the same records again for its beans; this is the early check, not a second
 * source of values.
 */
public class SettingsCheck implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

    private static final String APPLICATION_PACKAGE = "com.prospectdata";

    /**
     * Where a check that runs before logging is set up (an environment post-processor) leaves
     * its one line, to be thrown here, where start-up reports it without a stack trace.
     */
    public static final String DEFERRED_FAILURE = "prospect-api.internal.setting-failure";

    @Override
    public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
        String deferred = event.getEnvironment().getProperty(DEFERRED_FAILURE);
        if (deferred != null) {
            throw new InvalidSettingException(deferred);
        }
        Binder binder = Binder.get(event.getEnvironment());
        SpringSettingsCheck.check(event.getEnvironment(), event.getSpringApplication().getWebApplicationType() != WebApplicationType.NONE);
        try (LocalValidatorFactoryBean validator = new LocalValidatorFactoryBean()) {
            validator.afterPropertiesSet();
            for (Class<?> settings : settingsTypes()) {
                ConfigurationProperties annotation = AnnotatedElementUtils.findMergedAnnotation(settings, ConfigurationProperties.class);
                BindHandler handler = AnnotatedElementUtils.hasAnnotation(settings, Validated.class)
                        ? new ValidationBindHandler(validator) : BindHandler.DEFAULT;
                binder.bindOrCreate(annotation.prefix(), Bindable.of(settings), handler);
            }
        }
    }

    /**
     * The application's settings records, as the build's configuration processor listed them
     * (SettingsCheckTest holds this list to a scan of the classes).
     */
    static List<Class<?>> settingsTypes() {
        ClassLoader loader = SettingsCheck.class.getClassLoader();
        return ConfigurationMetadata.read("groups", APPLICATION_PACKAGE + ".",
                        group -> group.type().startsWith(APPLICATION_PACKAGE + ".") && group.sourceMethod().isEmpty()
                                && group.type().equals(group.sourceType()))
                .stream()
                .map(ConfigurationMetadata.Entry::type)
                .distinct()
                .<Class<?>>map(type -> ClassUtils.resolveClassName(type, loader))
                .filter(type -> AnnotatedElementUtils.hasAnnotation(type, ConfigurationProperties.class))
                .toList();
    }

    /** After Spring Boot's logging set-up, so that the failure is reported, not printed raw. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
