package com.prospectdata.pipeline.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Headers every response carries whatever it is: JSON is never to be sniffed as something else,
 * and HTTPS responses tell browsers to stay on HTTPS. It also runs when the servlet container
 * forwards a request it refused itself (TRACE, /WEB-INF/...) to the error page, where the other
 * filters do not run, and gives such a response its request id.
 */
@Component
@ConditionalOnWebApplication
class SecurityHeadersFilter extends OncePerRequestFilter {

    static final String STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        writeTo(request, response);
        if (!response.containsHeader(RequestIdFilter.HEADER)) {
            response.setHeader(RequestIdFilter.HEADER, RequestIdFilter.requestIdFor(request.getHeader(RequestIdFilter.HEADER)));
        }
        chain.doFilter(request, response);
    }

    @Override
    protected boolean shouldNotFilterErrorDispatch() {
        return false;
    }

    static void writeTo(HttpServletRequest request, HttpServletResponse response) {
        response.setHeader("X-Content-Type-Options", "nosniff");
        if (request.isSecure()) {
            response.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
        }
    }
}
