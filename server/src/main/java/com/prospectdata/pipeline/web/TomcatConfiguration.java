package com.prospectdata.pipeline.web;

import java.time.Duration;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardHost;
import org.apache.coyote.http2.Http2Protocol;
import org.apache.tomcat.util.buf.EncodedSolidusHandling;
import org.apache.tomcat.util.net.TLSClientHelloExtractor;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication
class TomcatConfiguration implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    private final int plainHttpPort;
    private final boolean http2;
    private final Duration stalledStreamTimeout;
    private final Duration writeTimeout;

    TomcatConfiguration(WebProperties settings) {
        this.plainHttpPort = settings.plainHttpPort();
        this.http2 = settings.http2();
        this.stalledStreamTimeout = settings.stalledStreamTimeout();
        this.writeTimeout = settings.writeTimeout();
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        // Requests Tomcat would answer by itself outside the contract reach the container
        // (ContainerAdapter), on every connector of the API.
        factory.setProtocol(ApiHttp11Protocol.class.getName());
        if (plainHttpPort > 0) {
            // A listener for clients that still call http://: every request on it gets 403
            // HTTPS_REQUIRED from HttpsOnlyFilter, which is clearer than a refused connection.
            Connector plain = new Connector(ApiHttp11Protocol.class.getName());
            plain.setPort(plainHttpPort);
            plain.setScheme("http");
            plain.setSecure(false);
            plain.setAllowTrace(true);
            factory.addAdditionalConnectors(plain);
        }
        boolean tls = factory.getSsl() != null && factory.getSsl().isEnabled();
        if (tls) {
            // Plain HTTP on the TLS port is answered by Tomcat itself during the handshake, with
            // the bytes this public field holds for every such connection: the contract's 403
            // instead of its plain-text 400.
            TLSClientHelloExtractor.USE_TLS_RESPONSE = ApiExceptionHandler.plainHttpOnTheTlsPort();
        }
        factory.addConnectorCustomizers(connector -> {
            if (connector.getProtocolHandler() instanceof ApiHttp11Protocol protocol) {
                // Not the connection timeout, which also bounds a request's headers (WebProperties).
                protocol.setWriteTimeout(writeTimeout.toMillis());
            }
            if (http2 && tls) {
                // Offered through ALPN during the TLS handshake; clients that do not ask keep HTTP/1.1.
                connector.addUpgradeProtocol(http2Protocol());
            }
            // "%2F" inside a path segment (a malformed company id) reaches Spring and gets the
            // contract's 400, instead of Tomcat's own rejection.
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
            context.getPipeline().addValve(new CutAnswerValve());
        });
    }

    /**
     * HTTP/2 as Tomcat defines it, but for how long a stream may wait for a client that reads
     * nothing of its answer ({@code app.stalled-stream-timeout}): until it is reset, the answer
     * stays in memory and keeps one of its key's share of requests (load/KeyShareFilter); and for
     * how long a write to the connection may wait ({@code app.write-timeout}). The rest are Tomcat's
     * defaults, listed in docs/OPERATIONS.md, "Overload": 100 streams a connection, 20 of them
     * served at once, and the overhead protection that ends a connection
     * spending more frames on resets, pings, tiny window updates and empty data than on requests.
     */
    private Http2Protocol http2Protocol() {
        Http2Protocol protocol = new Http2Protocol();
        protocol.setStreamWriteTimeout(stalledStreamTimeout.toMillis());
        protocol.setWriteTimeout(writeTimeout.toMillis());
        return protocol;
    }
}
