package com.prospectdata.pipeline.tls;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.errors.ErrorCode;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class HttpsOnlyFilterTest {

    private final AtomicReference<Exception> resolved = new AtomicReference<>();
    private final HttpsOnlyFilter filter = new HttpsOnlyFilter((request, response, handler, exception) -> {
        resolved.set(exception);
        return null;
    });

    @Test
    void plainHttpIsRefusedAndNeverServed() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/companies/");
        request.setSecure(false);
        MockFilterChain chain = new MockFilterChain();
        filter.doFilter(request, new MockHttpServletResponse(), chain);
        assertThat(chain.getRequest()).as("the request went no further").isNull();
        assertThat(resolved.get()).isInstanceOfSatisfying(ApiException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.HTTPS_REQUIRED));
    }

    @Test
    void httpsIsServed() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/health");
        request.setSecure(true);
        MockHttpServletResponse response = new MockHttpServletResponse();
        MockFilterChain chain = new MockFilterChain();
        filter.doFilter(request, response, chain);
        assertThat(chain.getRequest()).isSameAs(request);
        assertThat(resolved.get()).isNull();
    }
}
