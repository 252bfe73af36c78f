package com.prospectdata.pipeline.tls;

import org.conscrypt.Conscrypt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Hands the HTTPS port's TLS to the provider {@code app.tls.provider} names. Conscrypt by
 * default: a new connection's handshake costs the server much less CPU than with the JDK's
 * provider, because the key exchange (X25519) is native code there and Java arithmetic here
 * (docs/OPERATIONS.md, "Overload"; bench/notes/operations.md, "The TLS provider"). Nothing else
 * changes: the certificate, protocols, ciphers, SNI and ALPN stay Tomcat's, and the provider is
 * never registered for the rest of the process (database connections, hashing). With either
 * provider, the HTTPS connector keeps its connections' buffers off the heap.
 */
@Component
@ConditionalOnWebApplication
class TlsProviderConfiguration implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    private static final Logger log = LoggerFactory.getLogger(TlsProviderConfiguration.class);

    private final TlsProperties settings;

    TlsProviderConfiguration(TlsProperties settings) {
        this.settings = settings;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        if (factory.getSsl() == null || !factory.getSsl().isEnabled()) {
            return;
        }
        factory.addConnectorCustomizers(connector -> {
            // A connection's TLS and socket buffers off the heap, reused with the connections
            // Tomcat keeps. On the heap, clients that reconnect after every 503 left buffers that
            // lived about a second, long enough for young collections to copy them, which made
            // the pauses longer (docs/OPERATIONS.md, "Overload"; bench/notes/operations.md,
            // "Connection buffers off the heap").
            connector.setProperty("socket.directSslBuffer", "true");
            connector.setProperty("socket.directBuffer", "true");
        });
        if (settings.provider() == TlsProvider.JDK) {
            log.info("HTTPS by the JDK's TLS provider (app.tls.provider=jdk)");
            return;
        }
        try {
            Conscrypt.checkAvailability();
        } catch (Throwable unavailable) {
            log.warn("HTTPS by the JDK's TLS provider: Conscrypt's native library does not load on this platform ({});"
                    + " set app.tls.provider=jdk to choose it explicitly", unavailable.toString());
            return;
        }
        Conscrypt.Version version = Conscrypt.version();
        log.info("HTTPS by Conscrypt {}.{}.{} (BoringSSL)", version.major(), version.minor(), version.patch());
        factory.addConnectorCustomizers(connector ->
                connector.setProperty("sslImplementationName", ConscryptSslImplementation.class.getName()));
    }

}
