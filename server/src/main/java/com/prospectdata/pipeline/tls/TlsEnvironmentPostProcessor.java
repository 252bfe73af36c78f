package com.prospectdata.pipeline.tls;

import com.prospectdata.data.database.DatabaseProperties;
import com.prospectdata.core.settings.InvalidSettingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Turns {@code app.tls.*} into Spring Boot's own SSL and forwarded-header settings before the
 * web server is built: an SSL bundle from PEM files (created first in the self-signed mode), or
 * Tomcat's RemoteIpValve trusting X-Forwarded-Proto, X-Forwarded-For and X-Forwarded-Host from the
 * configured proxies only.
 */
public class TlsEnvironmentPostProcessor implements EnvironmentPostProcessor {

    static final String BUNDLE = "prospect-api";

    /** Where a failure of this post-processor waits for {@link TlsStartupCheck} to report it. */
    static final String FAILURE_PROPERTY = "prospect-api.internal.tls-failure";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        if (application.getWebApplicationType() != WebApplicationType.SERVLET) {
            return;
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        try {
            settings.putAll(serverSettings(environment));
        } catch (BindException e) {
            // The context binds TlsProperties again and reports the value that does not convert.
            return;
        } catch (RuntimeException e) {
            // Thrown here, before logging is set up, the failure would come with a stack trace
            // on stdout; TlsStartupCheck throws it once the context can report it in one line.
            settings.put(FAILURE_PROPERTY, e instanceof InvalidSettingException ? e.getMessage()
                    : "HTTPS could not be set up (app.tls.*): " + e.getMessage());
        }
        environment.getPropertySources().addFirst(new MapPropertySource("app.tls", settings));
    }

    private static Map<String, Object> serverSettings(ConfigurableEnvironment environment) {
        Binder binder = Binder.get(environment);
        TlsProperties tls = binder.bindOrCreate("app.tls", TlsProperties.class);
        Path dataDirectory = binder.bindOrCreate("app", DatabaseProperties.class).dataDir();
        Map<String, Object> settings = new LinkedHashMap<>();
        switch (tls.mode()) {
            case SELF_SIGNED -> {
                Path directory = dataDirectory.resolve("tls");
                try {
                    SelfSignedCertificate.ensure(directory, tls.selfSignedHostnames());
                } catch (IllegalArgumentException e) {
                    throw new InvalidSettingException("app.tls.self-signed-hostnames=" + String.join(",", tls.selfSignedHostnames())
                            + " is not allowed: must be host names or IP addresses (" + e.getMessage() + ")", e);
                }
                useBundle(settings, directory.resolve(SelfSignedCertificate.CERTIFICATE_FILE),
                        directory.resolve(SelfSignedCertificate.PRIVATE_KEY_FILE));
            }
            case PEM -> useBundle(settings,
                    requiredFile(tls.certificate(), "app.tls.certificate"),
                    requiredFile(tls.privateKey(), "app.tls.private-key"));
            case PROXY -> {
                List<String> proxies = tls.trustedProxies();
                if (proxies.isEmpty()) {
                    throw new InvalidSettingException("app.tls.mode=proxy needs app.tls.trusted-proxies: the addresses"
                            + " of the TLS-terminating proxies whose X-Forwarded-Proto may be trusted");
                }
                settings.put("server.forward-headers-strategy", "native");
                settings.put("server.tomcat.remoteip.internal-proxies", proxies.stream()
                        .map(Pattern::quote).collect(Collectors.joining("|")));
                settings.put("server.tomcat.remoteip.remote-ip-header", "X-Forwarded-For");
                settings.put("server.tomcat.remoteip.protocol-header", "X-Forwarded-Proto");
                // Named here, not left to Spring Boot's default: web/HostNameFilter checks the same header.
                settings.put("server.tomcat.remoteip.host-header", TlsProperties.FORWARDED_HOST_HEADER);
            }
        }
        if (tls.mode() != TlsMode.PROXY) {
            // With TLS on our own port, no header may claim the request was secure.
            settings.put("server.forward-headers-strategy", "none");
        }
        return settings;
    }

    private static void useBundle(Map<String, Object> settings, Path certificate, Path privateKey) {
        String prefix = "spring.ssl.bundle.pem." + BUNDLE + ".";
        settings.put(prefix + "keystore.certificate", "file:" + certificate.toAbsolutePath());
        settings.put(prefix + "keystore.private-key", "file:" + privateKey.toAbsolutePath());
        // Said here, not left to the provider: the JDK's refuses TLS 1.0 and 1.1 by its own
        // policy, Conscrypt would still speak them.
        settings.put(prefix + "options.enabled-protocols", "TLSv1.3,TLSv1.2");
        settings.put("server.ssl.bundle", BUNDLE);
        settings.put("server.ssl.enabled", "true");
    }

    private static Path requiredFile(Path path, String property) {
        if (path == null || path.toString().isBlank()) {
            throw new InvalidSettingException("app.tls.mode=pem needs " + property + ", a PEM file");
        }
        if (!Files.isReadable(path)) {
            throw new InvalidSettingException(property + "=" + path + " is not allowed: the file cannot be read");
        }
        return path;
    }
}
