package com.prospectdata.pipeline.web;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.pipeline.paging.Authority;
import com.prospectdata.pipeline.paging.LinkProperties;
import com.prospectdata.pipeline.tls.TlsProperties;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A request must name this server with a plain host (paging/Authority: a DNS name of at most 253
 * characters, an IPv4 address or an IPv6 address in brackets, with an optional port from 1 to
 * 65535) in one Host header, or in HTTP/2 its {@code :authority}; behind the trusted proxy, an
 * {@code X-Forwarded-Host} the proxy sends must be one too, since Tomcat's RemoteIpValve takes
 * the name from it. Page links repeat that name (paging/PageLinks): without the rule a request
 * could have them name whatever the container lets through (an empty host, port 99999999, a Host
 * as long as the request's header limit), which a shared cache would hand to other clients, or
 * which would make a response's headers outgrow what the container can send. With
 * {@code app.public-base-url} set, links name it instead and no answer repeats the request's
 * host: the rule is not applied. Runs after the HTTPS check, which comes first for every request.
 */
@Component
@ConditionalOnWebApplication
class HostNameFilter extends OncePerRequestFilter {

    private final boolean linksNameTheRequestsHost;
    private final boolean hostForwarded;

    HostNameFilter(LinkProperties links, TlsProperties tls) {
        this.linksNameTheRequestsHost = links.origin().isEmpty();
        this.hostForwarded = tls.forwardsHost();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (linksNameTheRequestsHost) {
            List<String> hosts = Collections.list(request.getHeaders(HttpHeaders.HOST));
            boolean named = hosts.isEmpty()
                    // HTTP/2's :authority, or the container's default for an HTTP/1.0 request without Host.
                    ? Authority.isPlainHost(request.getServerName()) && isPort(request.getServerPort())
                    : hosts.size() == 1 && Authority.isPlain(hosts.getFirst());
            if (!named) {
                throw refusal(HttpHeaders.HOST);
            }
            List<String> forwarded = Collections.list(request.getHeaders(TlsProperties.FORWARDED_HOST_HEADER));
            if (hostForwarded && !forwarded.isEmpty() && (forwarded.size() > 1 || !Authority.isPlain(forwarded.getFirst()))) {
                throw refusal(TlsProperties.FORWARDED_HOST_HEADER);
            }
        }
        chain.doFilter(request, response);
    }

    /** The port the container took from {@code :authority}, or none (-1). */
    private static boolean isPort(int port) {
        return port == -1 || port >= 1 && port <= 65535;
    }

    private static ApiException refusal(String header) {
        return ApiException.validation("The " + header + " header must name this server, once: " + Authority.RULE);
    }
}
