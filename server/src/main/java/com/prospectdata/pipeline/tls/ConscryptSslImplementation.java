package com.prospectdata.pipeline.tls;

import java.security.KeyManagementException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Set;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509KeyManager;
import javax.net.ssl.X509TrustManager;
import org.apache.juli.logging.Log;
import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.net.SSLContext;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.apache.tomcat.util.net.SSLUtil;
import org.apache.tomcat.util.net.jsse.JSSEImplementation;
import org.apache.tomcat.util.net.jsse.JSSEUtil;
import org.conscrypt.Conscrypt;

/**
 * Tomcat's JSSE connector with its TLS done by Conscrypt (BoringSSL) instead of the JDK's own
 * provider. Everything else of Tomcat's JSSE path stays: key managers from the SSL bundle,
 * SNI, ALPN for HTTP/2, the enabled protocols and ciphers. Named to Tomcat by class name
 * ({@code sslImplementationName}), so it needs a public no-argument constructor.
 *
 * <p>Chosen by {@link TlsProviderConfiguration}; why it pays is said there.
 */
public class ConscryptSslImplementation extends JSSEImplementation {

    /** One provider for the process, never registered globally: only the TLS port uses it. */
    static final Provider PROVIDER = Conscrypt.newProvider();

    @Override
    public SSLUtil getSSLUtil(SSLHostConfigCertificate certificate) {
        return new ConscryptSslUtil(certificate);
    }

    private static final class ConscryptSslUtil extends JSSEUtil {

        private static final Log log = LogFactory.getLog(ConscryptSslUtil.class);

        /** Read before this class's constructor ends (Tomcat's base class asks for it there), hence static. */
        private static final SSLParameters SUPPORTED = supported();

        ConscryptSslUtil(SSLHostConfigCertificate certificate) {
            super(certificate);
        }

        @Override
        protected Log getLog() {
            return log;
        }

        @Override
        protected Set<String> getImplementedProtocols() {
            return Set.of(SUPPORTED.getProtocols());
        }

        @Override
        protected Set<String> getImplementedCiphers() {
            return Set.of(SUPPORTED.getCipherSuites());
        }

        @Override
        public SSLContext createSSLContextInternal(List<String> negotiableProtocols) throws NoSuchAlgorithmException {
            return new ConscryptSslContext(javax.net.ssl.SSLContext.getInstance("TLS", PROVIDER));
        }

        private static SSLParameters supported() {
            try {
                javax.net.ssl.SSLContext context = javax.net.ssl.SSLContext.getInstance("TLS", PROVIDER);
                context.init(null, null, null);
                return context.getSupportedSSLParameters();
            } catch (NoSuchAlgorithmException | KeyManagementException e) {
                throw new IllegalStateException("Conscrypt offers no TLS context: " + e.getMessage(), e);
            }
        }
    }

    /** Tomcat's view of a {@link javax.net.ssl.SSLContext}, as its own JSSE one is (package-private there). */
    private static final class ConscryptSslContext implements SSLContext {

        private final javax.net.ssl.SSLContext context;
        private KeyManager[] keyManagers;
        private TrustManager[] trustManagers;

        ConscryptSslContext(javax.net.ssl.SSLContext context) {
            this.context = context;
        }

        @Override
        public void init(KeyManager[] keyManagers, TrustManager[] trustManagers, SecureRandom random)
                throws KeyManagementException {
            this.keyManagers = keyManagers;
            this.trustManagers = trustManagers;
            context.init(keyManagers, trustManagers, random);
        }

        @Override
        public void destroy() {
        }

        @Override
        public SSLSessionContext getServerSessionContext() {
            return context.getServerSessionContext();
        }

        @Override
        public SSLEngine createSSLEngine() {
            SSLEngine engine = context.createSSLEngine();
            // Conscrypt's default is none, which in TLS 1.3 means no resumption at all: a client
            // that comes back (after a 503, which ends the connection) would pay the full
            // handshake, certificate signature included, every time. BoringSSL rotates the
            // ticket key itself.
            Conscrypt.setUseSessionTickets(engine, true);
            return engine;
        }

        @Override
        public SSLServerSocketFactory getServerSocketFactory() {
            return context.getServerSocketFactory();
        }

        @Override
        public SSLParameters getSupportedSSLParameters() {
            return context.getSupportedSSLParameters();
        }

        @Override
        public X509Certificate[] getCertificateChain(String alias) {
            if (keyManagers != null) {
                for (KeyManager manager : keyManagers) {
                    if (manager instanceof X509KeyManager x509) {
                        X509Certificate[] chain = x509.getCertificateChain(alias);
                        if (chain != null) {
                            return chain;
                        }
                    }
                }
            }
            return null;
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            if (trustManagers != null) {
                for (TrustManager manager : trustManagers) {
                    if (manager instanceof X509TrustManager x509) {
                        return x509.getAcceptedIssuers();
                    }
                }
            }
            return new X509Certificate[0];
        }
    }
}
