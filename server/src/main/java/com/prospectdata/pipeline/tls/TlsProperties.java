package com.prospectdata.pipeline.tls;

import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.tls.*}: how the service is HTTPS only (docs/OPERATIONS.md, "HTTPS").
 *
 * @param mode {@code self-signed} (a certificate made in the data directory), {@code pem} (the
 *        operator's certificate) or {@code proxy} (behind TLS-terminating proxies)
 * @param selfSignedHostnames the names the self-signed certificate is made for
 * @param certificate the PEM certificate (chain) of {@code pem} mode
 * @param privateKey the PEM private key of {@code pem} mode
 * @param trustedProxies the addresses of the proxies whose {@code X-Forwarded-*} headers are
 *        believed in {@code proxy} mode
 * @param provider what does the TLS of the server's own port: {@code conscrypt} or {@code jdk}
 */
@ConfigurationProperties("app.tls")
@Validated
public record TlsProperties(
        @DefaultValue("self-signed") @NotNull TlsMode mode,
        @DefaultValue({"localhost", "127.0.0.1"}) List<String> selfSignedHostnames,
        Path certificate,
        Path privateKey,
        List<String> trustedProxies,
        @DefaultValue("conscrypt") @NotNull TlsProvider provider) {

    /** The header whose host Tomcat's RemoteIpValve believes in {@code proxy} mode, from the trusted proxies only. */
    public static final String FORWARDED_HOST_HEADER = "X-Forwarded-Host";

    public TlsProperties {
        selfSignedHostnames = selfSignedHostnames == null ? List.of() : List.copyOf(selfSignedHostnames);
        trustedProxies = trustedProxies == null ? List.of() : List.copyOf(trustedProxies);
    }

    /** Whether the host a request names may come from {@link #FORWARDED_HOST_HEADER}. */
    public boolean forwardsHost() {
        return mode == TlsMode.PROXY;
    }
}
