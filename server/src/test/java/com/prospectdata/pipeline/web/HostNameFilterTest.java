package com.prospectdata.pipeline.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.errors.ErrorCode;
import com.prospectdata.pipeline.paging.LinkProperties;
import com.prospectdata.pipeline.tls.TlsMode;
import com.prospectdata.pipeline.tls.TlsProperties;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/**
 * Behind the trusted proxy (proxy mode, which the web tier does not run in), the host Tomcat's
 * RemoteIpValve takes from X-Forwarded-Host obeys the Host header's rule; HostNameWebTest has
 * the Host header's. ProxyModeJarTest sends the same through the valve.
 */
class HostNameFilterTest {

    private static HostNameFilter filter(TlsMode mode) {
        return new HostNameFilter(new LinkProperties(null),
                new TlsProperties(mode, List.of(), null, null, List.of("127.0.0.1"), null));
    }

    private static MockHttpServletRequest forwarded(String... forwardedHosts) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/health");
        request.addHeader("Host", "instance-1.internal:8080");
        for (String host : forwardedHosts) {
            request.addHeader(TlsProperties.FORWARDED_HOST_HEADER, host);
        }
        return request;
    }

    private static boolean passes(HostNameFilter filter, MockHttpServletRequest request) throws Exception {
        MockFilterChain chain = new MockFilterChain();
        filter.doFilter(request, new MockHttpServletResponse(), chain);
        return chain.getRequest() != null;
    }

    @ParameterizedTest
    @ValueSource(strings = {"api.example.com", "api.example.com:443", "[2001:db8::1]"})
    void aPlainForwardedHostPasses(String host) throws Exception {
        assertThat(passes(filter(TlsMode.PROXY), forwarded(host))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "api.example.com:0", "api.example.com, evil.example", "user@api.example.com", "bücher.example"})
    void aForwardedHostThatIsNotPlainIsRefusedNamingTheHeader(String host) {
        assertThatThrownBy(() -> passes(filter(TlsMode.PROXY), forwarded(host)))
                .isInstanceOfSatisfying(ApiException.class, refusal -> {
                    assertThat(refusal.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
                    assertThat(refusal.getMessage()).startsWith("The X-Forwarded-Host header must name this server");
                });
    }

    @Test
    void twoForwardedHostsAreRefusedAndOutsideProxyModeTheHeaderIsIgnored() throws Exception {
        assertThatThrownBy(() -> passes(filter(TlsMode.PROXY), forwarded("api.example.com", "evil.example")))
                .isInstanceOf(ApiException.class);
        assertThat(passes(filter(TlsMode.SELF_SIGNED), forwarded("a:0"))).isTrue();
    }
}
