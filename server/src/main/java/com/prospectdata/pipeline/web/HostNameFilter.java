package com.prospectdata.pipeline.web;

import com.prospectdata.core.errors.ApiException;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A request must name this server with a host name no longer than DNS allows (253
 * characters). Responses repeat the name (the absolute URLs of page links), and the servlet
 * container accepts a Host header as long as the request's header limit: without this bound a
 * response's headers could outgrow what the container can send. Runs after the HTTPS check,
 * which comes first for every request.
 */
@Component
@ConditionalOnWebApplication
class HostNameFilter extends OncePerRequestFilter {

    static final int MAX_HOST_NAME_LENGTH = 253;


    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getServerName().length() > MAX_HOST_NAME_LENGTH) {
            throw ApiException.validation(
                    "The Host header must name this server with a host name of at most " + MAX_HOST_NAME_LENGTH + " characters");
        }
        chain.doFilter(request, response);
    }
}
