package com.prospectdata.pipeline.web;

import java.io.IOException;
import org.apache.coyote.Adapter;
import org.apache.coyote.Processor;
import org.apache.coyote.http11.Http11NioProtocol;
import org.apache.coyote.http11.Http11Processor;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * Tomcat's NIO HTTP/1.1 protocol, whose requests (and, through ALPN, whose HTTP/2 streams) reach
 * the container through {@link ContainerAdapter}, and whose writes may wait for their client
 * {@link #setWriteTimeout(long) a time of their own} rather than the connection timeout. Named to
 * Tomcat by class name (TomcatConfiguration), so it needs a public no-argument constructor.
 */
public class ApiHttp11Protocol extends Http11NioProtocol {

    private long writeTimeout = -1;

    @Override
    public void setAdapter(Adapter adapter) {
        super.setAdapter(adapter instanceof ContainerAdapter ? adapter : new ContainerAdapter(adapter));
    }

    /**
     * How long, in milliseconds, a write may wait for a client that takes none of it; below 0,
     * Tomcat's own (the connection timeout, which also bounds reading a request's headers).
     */
    public void setWriteTimeout(long writeTimeout) {
        this.writeTimeout = writeTimeout;
    }

    public long getWriteTimeout() {
        return writeTimeout;
    }

    @Override
    protected Processor createProcessor() {
        if (writeTimeout < 0) {
            return super.createProcessor();
        }
        return new Http11Processor(this, getAdapter()) {
            @Override
            public SocketState service(SocketWrapperBase<?> socket) throws IOException {
                // Tomcat gives a connection's writes the connection timeout when it accepts it.
                socket.setWriteTimeout(writeTimeout);
                return super.service(socket);
            }
        };
    }
}
