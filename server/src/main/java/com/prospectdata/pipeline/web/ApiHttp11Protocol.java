package com.prospectdata.pipeline.web;

import org.apache.coyote.Adapter;
import org.apache.coyote.http11.Http11NioProtocol;

/**
 * Tomcat's NIO HTTP/1.1 protocol, whose requests (and, through ALPN, whose HTTP/2 streams) reach
 * the container through {@link ContainerAdapter}. Named to Tomcat by class name
 * (TomcatConfiguration), so it needs a public no-argument constructor.
 */
public class ApiHttp11Protocol extends Http11NioProtocol {

    @Override
    public void setAdapter(Adapter adapter) {
        super.setAdapter(adapter instanceof ContainerAdapter ? adapter : new ContainerAdapter(adapter));
    }
}
