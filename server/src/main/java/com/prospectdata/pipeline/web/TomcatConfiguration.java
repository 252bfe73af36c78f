package com.prospectdata.pipeline.web;

import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardHost;
import org.apache.coyote.http2.Http2Protocol;
import org.apache.tomcat.util.buf.EncodedSolidusHandling;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class TomcatConfiguration implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    private final int plainHttpPort;
    private final boolean http2;

    TomcatConfiguration(WebProperties settings) {
        this.plainHttpPort = settings.plainHttpPort();
        this.http2 = settings.http2();
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        if (plainHttpPort > 0) {
            // A listener for clients that still call http://: every request on it gets 403
            // HTTPS_REQUIRED from HttpsOnlyFilter, which is clearer than a refused connection.
            Connector plain = new Connector(TomcatServletWebServerFactory.DEFAULT_PROTOCOL);
            plain.setPort(plainHttpPort);
            plain.setScheme("http");
            plain.setSecure(false);
            plain.setAllowTrace(true);
            factory.addAdditionalConnectors(plain);
        }
        // "%2F" inside a path segment (a malformed company id) reaches Spring and gets the
        // contract's 400, instead of Tomcat's own rejection.
        boolean tls = factory.getSsl() != null && factory.getSsl().isEnabled();
        factory.addConnectorCustomizers(connector -> {
            if (http2 && tls) {
                // Offered through ALPN during the TLS handshake; clients that do not ask keep HTTP/1.1.
                connector.addUpgradeProtocol(new Http2Protocol());
            }
            connector.setEncodedSolidusHandling(EncodedSolidusHandling.PASS_THROUGH.getValue());
            // TRACE reaches GetOnlyFilter, which refuses it like any other method the API does not
            // answer. Refused by Tomcat itself, it would reach the error page as a GET and the
            // 405 would name the wrong method.
            connector.setAllowTrace(true);
        });
        factory.addContextCustomizers(context -> {
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(ContainerErrorReportValve.class.getName());
            }
        });
    }
}
