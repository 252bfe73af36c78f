package com.prospectdata.tls;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Turns {@code app.tls.*} into Spring Boot's own SSL and forwarded-header settings before the
 * web server is built: an SSL bundle from PEM files (created first in the self-signed mode), or
 * Tomcat's RemoteIpValve trusting X-Forwarded-Proto and X-Forwarded-For from the configured
 * proxies only.
 */
public class TlsEnvironmentPostProcessor implements EnvironmentPostProcessor {

    static final String BUNDLE = "prospect-api";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (application.getWebApplicationType() != WebApplicationType.SERVLET) {
            return;
        }
        TlsMode mode = TlsMode.parse(environment.getProperty("app.tls.mode", "self-signed"));
        Map<String, Object> settings = new LinkedHashMap<>();
        switch (mode) {
            case SELF_SIGNED -> {
                Path directory = Path.of(environment.getProperty("app.data-dir", "./data")).resolve("tls");
                List<String> hostnames = list(environment.getProperty("app.tls.self-signed-hostnames", "localhost,127.0.0.1"));
                SelfSignedCertificate.ensure(directory, hostnames);
                useBundle(settings, directory.resolve(SelfSignedCertificate.CERTIFICATE_FILE),
                        directory.resolve(SelfSignedCertificate.PRIVATE_KEY_FILE));
            }
            case PEM -> useBundle(settings,
                    requiredFile(environment, "app.tls.certificate"),
                    requiredFile(environment, "app.tls.private-key"));
            case PROXY -> {
                List<String> proxies = list(environment.getProperty("app.tls.trusted-proxies", ""));
                if (proxies.isEmpty()) {
                    throw new IllegalStateException("app.tls.mode=proxy needs app.tls.trusted-proxies: the addresses"
                            + " of the TLS-terminating proxies whose X-Forwarded-Proto may be trusted");
                }
                settings.put("server.forward-headers-strategy", "native");
                settings.put("server.tomcat.remoteip.internal-proxies", proxies.stream()
                        .map(Pattern::quote).collect(Collectors.joining("|")));
                settings.put("server.tomcat.remoteip.remote-ip-header", "X-Forwarded-For");
                settings.put("server.tomcat.remoteip.protocol-header", "X-Forwarded-Proto");
            }
        }
        if (mode != TlsMode.PROXY) {
            // With TLS on our own port, no header may claim the request was secure.
            settings.put("server.forward-headers-strategy", "none");
        }
        environment.getPropertySources().addFirst(new MapPropertySource("app.tls", settings));
    }

    private static void useBundle(Map<String, Object> settings, Path certificate, Path privateKey) {
        String prefix = "spring.ssl.bundle.pem." + BUNDLE + ".keystore.";
        settings.put(prefix + "certificate", "file:" + certificate.toAbsolutePath());
        settings.put(prefix + "private-key", "file:" + privateKey.toAbsolutePath());
        settings.put("server.ssl.bundle", BUNDLE);
        settings.put("server.ssl.enabled", "true");
    }

    private static Path requiredFile(ConfigurableEnvironment environment, String property) {
        String value = environment.getProperty(property, "");
        if (value.isBlank()) {
            throw new IllegalStateException("app.tls.mode=pem needs " + property);
        }
        Path path = Path.of(value.trim());
        if (!Files.isReadable(path)) {
            throw new IllegalStateException(property + " names " + path + ", which cannot be read");
        }
        return path;
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
