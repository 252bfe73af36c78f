package com.prospectdata.pipeline.tls;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.catalina.connector.Connector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.Ssl;

class TlsProviderConfigurationTest {

    @ParameterizedTest
    @EnumSource(TlsProvider.class)
    void theHttpsConnectorKeepsItsBuffersOffTheHeapWithEitherProvider(TlsProvider provider) {
        Connector connector = customized(provider, true);

        assertThat(connector.getProperty("socket.directSslBuffer")).hasToString("true");
        assertThat(connector.getProperty("socket.directBuffer")).hasToString("true");
    }

    @Test
    void conscryptServesTheHttpsConnectorByDefault() {
        Connector connector = customized(TlsProvider.CONSCRYPT, true);

        assertThat(connector.getProperty("sslImplementationName")).isEqualTo(ConscryptSslImplementation.class.getName());
    }

    @Test
    void aPlainConnectorIsLeftAsTomcatMakesIt() {
        Connector connector = customized(TlsProvider.CONSCRYPT, false);

        assertThat(connector.getProperty("socket.directSslBuffer")).hasToString("false");
        assertThat(connector.getProperty("sslImplementationName")).isNull();
    }

    private static Connector customized(TlsProvider provider, boolean https) {
        TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory();
        Ssl ssl = new Ssl();
        ssl.setEnabled(https);
        factory.setSsl(ssl);
        new TlsProviderConfiguration(new TlsProperties(TlsMode.SELF_SIGNED, null, null, null, null, provider)).customize(factory);
        Connector connector = new Connector(factory.getProtocol());
        factory.getConnectorCustomizers().forEach(customizer -> customizer.customize(connector));
        return connector;
    }
}
