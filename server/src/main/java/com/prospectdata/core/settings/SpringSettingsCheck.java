package com.prospectdata.core.settings;

import com.zaxxer.hikari.HikariConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementServerProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.boot.web.server.autoconfigure.ServerProperties;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.util.ClassUtils;

/**
 * Spring Boot's own settings that operators set, read before anything uses them. Left to Boot,
 * some are first read by a condition or by the web server as it starts, which reports a bad
 * value as a class name or a stack trace instead of the setting; read here, a value that does
 * not convert to its documented type fails naming its property, and the few rules Boot finds
 * only later (a port's range, a pool of 0) are said here too.
 */
final class SpringSettingsCheck {

    /** The settings a process that serves HTTP reads; a command reads only the datasource's. */
    private static final List<String> SERVED_PREFIXES = List.of("server.", "management.", "spring.datasource.",
            "spring.lifecycle.", "spring.threads.", "spring.data.redis.", "spring.mvc.", "spring.jackson.");
    private static final int HIGHEST_PORT = 65_535;

    private SpringSettingsCheck() {
    }

    static void check(ConfigurableEnvironment environment, boolean servesHttp) {
        Binder binder = Binder.get(environment);
        binder.bindOrCreate("spring.datasource", Bindable.of(DataSourceProperties.class));
        // Hikari's setters refuse what its pool cannot use (a pool of 0, a timeout under 250 ms).
        binder.bindOrCreate("spring.datasource.hikari", Bindable.of(HikariConfig.class));
        if (!servesHttp) {
            return;
        }
        Map<String, Class<?>> documentedTypes = documentedTypes();
        for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
            if (!(source instanceof IterableConfigurationPropertySource names)) {
                continue;
            }
            for (ConfigurationPropertyName name : names) {
                Class<?> type = documentedTypes.get(name.toString());
                if (type != null) {
                    binder.bind(name, Bindable.of(type));
                }
            }
        }
        ServerProperties server = binder.bindOrCreate("server", Bindable.of(ServerProperties.class));
        ManagementServerProperties management = binder.bindOrCreate("management.server", Bindable.of(ManagementServerProperties.class));
        requirePort("server.port", server.getPort(), 0, "0 for any free port");
        requirePort("management.server.port", management.getPort(), -1, "-1 for none, 0 for any free port");
    }

    private static void requirePort(String name, Integer port, int lowest, String special) {
        if (port != null && (port < lowest || port > HIGHEST_PORT)) {
            throw new InvalidSettingException(name + "=" + port + " is not allowed: must be a port, 1 to " + HIGHEST_PORT
                    + " (" + special + ")");
        }
    }

    /**
     * The type of each of those settings, from the metadata Spring Boot's jars carry: the
     * settings with a type of one class (a number, a duration, a size, an address, an enum);
     * lists and maps are left to Boot.
     */
    static Map<String, Class<?>> documentedTypes() {
        ClassLoader loader = SpringSettingsCheck.class.getClassLoader();
        Map<String, Class<?>> types = new HashMap<>();
        for (ConfigurationMetadata.Entry property : ConfigurationMetadata.read("properties", "\"name\"",
                entry -> SERVED_PREFIXES.stream().anyMatch(entry.name()::startsWith))) {
            String type = property.type();
            if (!type.isEmpty() && !type.contains("<") && ClassUtils.isPresent(type, loader)) {
                types.put(property.name(), ClassUtils.resolveClassName(type, loader));
            }
        }
        return types;
    }
}
