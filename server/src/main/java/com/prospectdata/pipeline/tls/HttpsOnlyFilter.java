package com.prospectdata.pipeline.tls;

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
 * The first check of every request (docs/api-rules.md §2): a request that did not arrive over
 * HTTPS is answered 403 HTTPS_REQUIRED, never redirected and never served. HTTPS responses tell
 * browsers to stay on HTTPS (HSTS).
 */
@Component
@ConditionalOnWebApplication
public class HttpsOnlyFilter extends OncePerRequestFilter {


    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!request.isSecure()) {
            throw ApiException.httpsRequired();
        }
        chain.doFilter(request, response);
    }
}
