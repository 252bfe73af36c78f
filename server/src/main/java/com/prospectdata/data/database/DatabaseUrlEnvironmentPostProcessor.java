package com.prospectdata.data.database;

import com.prospectdata.core.settings.InvalidSettingException;
import com.prospectdata.core.settings.SettingsCheck;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.StringUtils;

/**
 * Reads the database's address in either form operators are handed: a JDBC URL in
 * {@code spring.datasource.url}, or the {@code postgres://user:password@host:port/database} that
 * platforms put in {@code DATABASE_URL} (accepted in {@code spring.datasource.url} too). The
 * second becomes the first, with its user and password as {@code spring.datasource.username}
 * and {@code .password} unless those are set. Any other address stops start-up with one line
 * naming the setting; its password is never repeated in that line.
 */
public class DatabaseUrlEnvironmentPostProcessor implements EnvironmentPostProcessor {

    static final String DATASOURCE_URL = "spring.datasource.url";
    /** What the environment variable {@code DATABASE_URL} is, as a Spring property. */
    static final String PLATFORM_URL = "database.url";
    private static final String JDBC_PREFIX = "jdbc:postgresql:";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        Map<String, Object> settings = new LinkedHashMap<>();
        try {
            settings.putAll(resolve(environment::getProperty));
        } catch (InvalidSettingException e) {
            // Thrown now, before logging is set up, it would come with a stack trace.
            settings.put(SettingsCheck.DEFERRED_FAILURE, e.getMessage());
        }
        if (!settings.isEmpty()) {
            environment.getPropertySources().addFirst(new MapPropertySource("database-url", settings));
        }
    }

    interface Settings {
        String get(String name);
    }

    /** The datasource settings to add (none when the JDBC URL is set, or no address at all). */
    static Map<String, String> resolve(Settings environment) {
        String configured = environment.get(DATASOURCE_URL);
        String name = StringUtils.hasText(configured) ? DATASOURCE_URL : PLATFORM_URL;
        String url = StringUtils.hasText(configured) ? configured : environment.get(PLATFORM_URL);
        if (!StringUtils.hasText(url)) {
            return Map.of();
        }
        if (url.startsWith(JDBC_PREFIX)) {
            return name.equals(DATASOURCE_URL) ? Map.of() : Map.of(DATASOURCE_URL, url);
        }
        String scheme = url.contains("://") ? url.substring(0, url.indexOf("://")).toLowerCase(Locale.ROOT) : "";
        if (!scheme.equals("postgres") && !scheme.equals("postgresql")) {
            throw refused(name, url, "must be a PostgreSQL address: jdbc:postgresql://host:5432/database,"
                    + " or postgres://user:password@host:5432/database");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw refused(name, url, "is not a URL (" + e.getReason() + ")");
        }
        if (uri.getHost() == null) {
            throw refused(name, url, "names no host: postgres://user:password@host:5432/database");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
        String path = uri.getRawPath() == null ? "/" : uri.getRawPath();
        String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
        settings.put(DATASOURCE_URL, JDBC_PREFIX + "//" + uri.getHost() + port + (path.isEmpty() ? "/" : path) + query);
        Optional.ofNullable(uri.getRawUserInfo()).ifPresent(userInfo -> {
            int colon = userInfo.indexOf(':');
            String user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
            if (!StringUtils.hasText(environment.get("spring.datasource.username")) && !user.isEmpty()) {
                settings.put("spring.datasource.username", user);
            }
            if (colon >= 0 && !StringUtils.hasText(environment.get("spring.datasource.password"))) {
                settings.put("spring.datasource.password", decode(userInfo.substring(colon + 1)));
            }
        });
        return settings;
    }

    private static String decode(String text) {
        return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static InvalidSettingException refused(String name, String url, String rule) {
        String shown = name.equals(PLATFORM_URL) ? "DATABASE_URL" : name;
        return new InvalidSettingException(shown + "=" + withoutPassword(url) + " is not allowed: " + rule);
    }

    /** The address as written, its password (the part of user:password@ after the colon) masked. */
    static String withoutPassword(String url) {
        return url.replaceFirst("^([^/]*//[^/@:]*):[^/@]*@", "$1:***@");
    }
}
