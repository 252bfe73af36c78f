package com.prospectdata.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.ShallowEtagHeaderFilter;

/**
 * Every 200 to a GET gets a strong {@code ETag} (a hash of its body) and
 * {@code Cache-Control: private, no-cache}; a GET whose {@code If-None-Match} matches is
 * answered {@code 304} without a body. Hashing the finished body makes the validator exact for
 * every resource without each query having to know when its data last changed, at the price of
 * doing the query; a {@code 304} saves the partner the transfer, not us the work.
 *
 * <p>A HEAD is answered as the GET would be, without the body (docs/api-rules.md §1; RFC 9110,
 * 9.3.2): the chain sees a GET, so the validator, {@code Cache-Control}, {@code Content-Length}
 * and a {@code 304} for a matching {@code If-None-Match} are the GET's, and the body is dropped.
 *
 * <p>It runs after authentication and the rate limit, so a {@code 304} carries the rate-limit
 * headers like any answer and never reveals anything to a caller who could not have had the 200.
 */
@Component
@ConditionalOnWebApplication
public class ConditionalGetFilter extends ShallowEtagHeaderFilter {

    /** Only this organization's own caches may keep a response, and they ask before reusing it. */
    static final String CACHE_CONTROL = "private, no-cache";

    private final ResponseHeaderBudget headerBudget;

    public ConditionalGetFilter(ResponseHeaderBudget headerBudget) {
        this.headerBudget = headerBudget;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (HttpMethod.HEAD.matches(request.getMethod())) {
            filterAsGet(new AsGet(request), new WithoutBody(response), chain);
        } else {
            filterAsGet(request, response, chain);
        }
    }

    private void filterAsGet(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        super.doFilterInternal(request, response, (innerRequest, innerResponse) -> {
            chain.doFilter(innerRequest, innerResponse);
            // The body is still buffered here, so headers can be added before anything is sent.
            HttpServletResponse buffered = (HttpServletResponse) innerResponse;
            headerBudget.enforce(request, buffered);
            if (buffered.getStatus() == HttpStatus.OK.value() && HttpMethod.GET.matches(request.getMethod())) {
                buffered.setHeader(HttpHeaders.CACHE_CONTROL, CACHE_CONTROL);
            }
        });
        if (response.getStatus() == HttpStatus.NOT_MODIFIED.value()) {
            // A 304 has no body, so it describes none (RFC 9110, 15.4.5).
            response.setContentType(null);
        }
    }

    /** A HEAD seen as the GET it asks about. */
    private static final class AsGet extends HttpServletRequestWrapper {
        AsGet(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getMethod() {
            return HttpMethod.GET.name();
        }
    }

    /** The response to a HEAD: headers and Content-Length as the GET's, the body's bytes dropped. */
    private static final class WithoutBody extends HttpServletResponseWrapper {
        private final ServletOutputStream discarding = new ServletOutputStream() {
            @Override
            public void write(int b) {
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {
                throw new UnsupportedOperationException("The body of a HEAD is never written");
            }
        };

        WithoutBody(HttpServletResponse response) {
            super(response);
        }

        @Override
        public ServletOutputStream getOutputStream() {
            return discarding;
        }

        @Override
        public PrintWriter getWriter() {
            return new PrintWriter(new OutputStreamWriter(discarding, StandardCharsets.UTF_8));
        }
    }
}
