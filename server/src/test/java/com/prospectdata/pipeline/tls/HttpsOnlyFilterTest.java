package com.prospectdata.pipeline.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.errors.ErrorCode;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class HttpsOnlyFilterTest {

    private final HttpsOnlyFilter filter = new HttpsOnlyFilter();

    @Test
    void plainHttpIsRefusedAndNeverServed() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/companies/");
        request.setSecure(false);
        MockFilterChain chain = new MockFilterChain();
        assertThatThrownBy(() -> filter.doFilter(request, new MockHttpServletResponse(), chain))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.HTTPS_REQUIRED));
        assertThat(chain.getRequest()).as("the request went no further").isNull();
    }

    @Test
    void httpsIsServed() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/health");
        request.setSecure(true);
        MockHttpServletResponse response = new MockHttpServletResponse();
        MockFilterChain chain = new MockFilterChain();
        filter.doFilter(request, response, chain);
        assertThat(chain.getRequest()).isSameAs(request);
    }
}
