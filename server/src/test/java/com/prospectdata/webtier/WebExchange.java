package com.prospectdata.webtier;

import com.prospectdata.testing.Exchange;
import java.util.HashMap;
import java.util.Map;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MvcResult;

/** A MockMvc exchange as the checks both tiers share see it (testing's {@link Exchange}). */
final class WebExchange {

    private WebExchange() {
    }

    static Exchange of(MvcResult result) {
        return of(result.getRequest(), result.getResponse());
    }

    static Exchange of(MockHttpServletRequest request, MockHttpServletResponse response) {
        Map<String, String> headers = new HashMap<>();
        for (String name : response.getHeaderNames()) {
            String value = response.getHeader(name);
            if (value != null) {
                headers.put(name, value);
            }
        }
        String contentType = response.getContentType();
        if (contentType != null) {
            headers.putIfAbsent("Content-Type", contentType);
        }
        return new Exchange(request.getMethod(), request.getRequestURI(), request.getQueryString(), response.getStatus(),
                headers, Answer.decoded(response));
    }
}
