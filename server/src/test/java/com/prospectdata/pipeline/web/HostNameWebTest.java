package com.prospectdata.pipeline.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.WebTierTest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The host a request names, which page links repeat (docs/SECURITY.md, "The host in page
 * links"): without app.public-base-url, a Host that is not a plain host name with an optional
 * port from 1 to 65535 is refused 400 naming the header, by class of input. The rule itself is
 * paging/AuthorityTest's; PublicBaseUrlWebTest has the setting.
 */
class HostNameWebTest extends WebTierTest {

    /** A page with neighbours on both sides, so that its Link header names the host twice. */
    static final String PAGE = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&limit=1&offset=1";
    static final String LONGEST_NAME = "h".repeat(63) + "." + "o".repeat(63) + "." + "s".repeat(63) + "." + "t".repeat(61);

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of("empty", ""),
                Arguments.of("blank", " "),
                Arguments.of("port 0", "api.example.com:0"),
                Arguments.of("port 65536", "api.example.com:65536"),
                Arguments.of("port 99999999", "api.example.com:99999999"),
                Arguments.of("no port after the colon", "api.example.com:"),
                Arguments.of("a path", "api.example.com/api"),
                Arguments.of("user information", "user@api.example.com"),
                Arguments.of("a non-ASCII name", "bücher.example"),
                Arguments.of("an IPv6 address without brackets", "2001:db8::1"),
                Arguments.of("an IPv6 address with a zone", "[fe80::1%25eth0]"),
                Arguments.of("254 characters", LONGEST_NAME + "t"),
                Arguments.of("a label of 64 characters", "a".repeat(64) + ".example"),
                Arguments.of("a space inside", "api example.com"),
                Arguments.of("a trailing dot", "api.example.com."),
                Arguments.of("an IPv4 address gone wrong", "256.0.0.1"));
    }

    private static void assertRefusedNamingTheHeader(Answer response, String header) {
        assertThat(response.status()).as("%s", response).isEqualTo(400);
        JsonNode body = response.json();
        assertThat(body.get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
        assertThat(body.get("message").stringValue()).startsWith("The " + header + " header must name this server")
                .contains("253", "65535");
        assertThat(response.header("Link")).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void aHostThatIsNotAPlainHostNameIsRefused(String kind, String host) throws Exception {
        assertRefusedNamingTheHeader(send(call(PAGE).header("Host", host)), "Host");
    }

    /** Two Host headers: a proxy or cache on the way may have read the other one. */
    @Test
    void twoHostHeadersAreRefused() throws Exception {
        assertRefusedNamingTheHeader(send(call(PAGE).header("Host", "api.example.com", "evil.example")), "Host");
    }

    /** Refused before the key is looked at: the rule holds for every path, the API's or not. */
    @Test
    void theRuleComesBeforeAuthentication() throws Exception {
        assertRefusedNamingTheHeader(send(request(org.springframework.http.HttpMethod.GET, PAGE).header("Host", "a:0")), "Host");
    }

    static Stream<String> served() {
        return Stream.of("api.example.com", "api.example.com:8443", "127.0.0.1:8443", "[::1]", "[2001:db8::1]:8443",
                "localhost", LONGEST_NAME);
    }

    @ParameterizedTest
    @MethodSource("served")
    void aPlainHostNameIsServedAndNamedInTheLinks(String host) throws Exception {
        Answer response = send(call(PAGE).header("Host", host));

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.header("Link")).as("the scheme is MockMvc's").contains("://" + host + "/api/v1/companies/?");
    }

    /** X-Forwarded-Host is believed from a trusted proxy only, in proxy mode; this server is not in it. */
    @Test
    void aForwardedHostIsIgnoredOutsideProxyMode() throws Exception {
        Answer response = send(call(PAGE).header("Host", "api.example.com").header("X-Forwarded-Host", "a:0, evil.example"));

        assertThat(response.status()).as("%s", response).isEqualTo(200);
        assertThat(response.header("Link")).contains("://api.example.com/api/v1/");
    }
}
