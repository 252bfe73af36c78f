package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.RunsBesideOthers;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.testing.ApiKeys;
import com.prospectdata.testing.Fixture;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * HTTPS behind a TLS-terminating proxy (docs/OPERATIONS.md, "HTTPS"): the server speaks plain HTTP
 * ({@code --app.tls.mode=proxy}) and trusts {@code X-Forwarded-Proto} and
 * {@code X-Forwarded-For} only from the configured proxy, here {@code 127.0.0.1}. A request
 * from any other address, 127.0.0.2 here, is a client talking to the server directly: its
 * headers are ignored and it gets 403 HTTPS_REQUIRED. Behind the trusted proxy, the throttle
 * of failed authentications ({@code --app.auth.failed-attempts-per-minute=3}) counts per
 * address the proxy reports in X-Forwarded-For.
 */
@RunsBesideOthers
@Order(15) // after the longest of those that run beside the sequence (junit-platform.properties)
class ProxyModeJarTest extends ContractTest {

    private static final String LIST = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;
    private static final String TRUSTED_PROXY = "127.0.0.1";
    private static final String UNTRUSTED_CLIENT = "127.0.0.2";
    private static final int FAILED_ATTEMPTS_PER_MINUTE = 3;

    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("proxy-mode")
                    .argument("--app.tls.mode=proxy")
                    .argument("--app.tls.trusted-proxies=" + TRUSTED_PROXY)
                    .argument("--app.auth.failed-attempts-per-minute=" + FAILED_ATTEMPTS_PER_MINUTE));

    private static RequestSpecification viaProxy() {
        return dedicated.server().requestFrom(TRUSTED_PROXY).header("X-Forwarded-Proto", "https");
    }

    private static void assertHttpsRequired(Response response) {
        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(403);
        assertThat(json(response).get("error").stringValue()).isEqualTo("HTTPS_REQUIRED");
        assertThat(response.header("Location")).as("never a redirect").isNull();
        assertThat(response.asString()).as("no company data").doesNotContain("Nordlicht");
    }

    @Test
    void theServerSpeaksPlainHttpInProxyMode() {
        assertThat(dedicated.server().isHttps()).isFalse();
    }

    @Test
    void aRequestTheTrustedProxyReceivedOverHttpsIsServed() {
        Response response = viaProxy().header("Authorization", "Bearer " + keys().main()).get(LIST);

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(200);
        assertThat(json(response).get("total").intValue()).isEqualTo(fixture().companiesOf(Fixture.SEARCH_MAIN).size());
        assertThat(response.header("Strict-Transport-Security")).as("HSTS on an HTTPS response").startsWith("max-age=");
        assertThat(viaProxy().get("/health").statusCode()).isEqualTo(200);
    }

    @ParameterizedTest
    @ValueSource(strings = {LIST, "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs", "/api/v1/no-such-thing"})
    void aRequestFromTheTrustedProxyWithoutXForwardedProtoIsRefused(String path) {
        assertHttpsRequired(dedicated.server().requestFrom(TRUSTED_PROXY).header("Authorization", "Bearer " + keys().main()).get(path));
    }

    @Test
    void aRequestTheTrustedProxyReceivedOverPlainHttpIsRefused() {
        assertHttpsRequired(dedicated.server().requestFrom(TRUSTED_PROXY).header("X-Forwarded-Proto", "http")
                .header("Authorization", "Bearer " + keys().main()).get(LIST));
    }

    @Test
    void xForwardedProtoFromAnAddressThatIsNotATrustedProxyIsIgnored() {
        Response response = dedicated.server().requestFrom(UNTRUSTED_CLIENT)
                .header("X-Forwarded-Proto", "https")
                .header("X-Forwarded-For", "203.0.113.50")
                .header("Authorization", "Bearer " + keys().main())
                .get(LIST);

        assertHttpsRequired(response);
        assertThat(response.header("Strict-Transport-Security")).isNull();
    }

    /**
     * GET /health over plain HTTP is refused like everything else (the document's Conventions: a
     * request that arrives over plain HTTP is never served), so the document must list 403 for
     * it: the validator fails a response whose status the operation does not declare.
     */
    @Test
    void healthOverPlainHttpIsRefusedWithADocumented403() {
        assertHttpsRequired(dedicated.server().requestFrom(UNTRUSTED_CLIENT).header("X-Forwarded-Proto", "https").get("/health"));
        assertHttpsRequired(dedicated.server().requestFrom(TRUSTED_PROXY).get("/health"));
    }

    @Test
    void behindTheTrustedProxyTheThrottleCountsPerForwardedClientAddress() {
        String client = "203.0.113.7";
        for (int attempt = 1; attempt <= FAILED_ATTEMPTS_PER_MINUTE; attempt++) {
            Response failed = viaProxy().header("X-Forwarded-For", client)
                    .header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(LIST);
            assertThat(failed.statusCode()).as("failed attempt %d: %s", attempt, failed.asString()).isEqualTo(401);
        }

        Response throttled = viaProxy().header("X-Forwarded-For", client)
                .header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(LIST);
        OperationsJarTest.assertThrottled(throttled);

        // The client may send an X-Forwarded-For of its own; the proxy appends the address it
        // saw, and that one counts.
        Response spoofed = viaProxy().header("X-Forwarded-For", "198.51.100.1, " + client)
                .header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(LIST);
        OperationsJarTest.assertThrottled(spoofed);
        // Only failures are throttled: a valid key from the same client is served.
        Response valid = viaProxy().header("X-Forwarded-For", client).header("Authorization", "Bearer " + keys().main()).get(LIST);
        assertThat(valid.statusCode()).as("%s", valid.asString()).isEqualTo(200);

        Response neighbour = viaProxy().header("X-Forwarded-For", "203.0.113.8")
                .header("Authorization", "Bearer " + ApiKeys.neverIssued("test")).get(LIST);
        assertThat(neighbour.statusCode()).as("another client behind the proxy: %s", neighbour.asString()).isEqualTo(401);

        // Nor is the proxy itself throttled for its clients' failures.
        Response proxyItself = viaProxy().header("Authorization", "Bearer " + keys().main()).get(LIST);
        assertThat(proxyItself.statusCode()).as("%s", proxyItself.asString()).isEqualTo(200);
        assertThat(json(proxyItself).get("items").isArray()).isTrue();
    }

    /**
     * Behind the trusted proxy the page links name the host it forwards (X-Forwarded-Host,
     * read by Tomcat's RemoteIpValve), which obeys the Host header's rule (docs/SECURITY.md, "The
     * host in page links").
     */
    @Test
    void aForwardedHostNamesThePageLinksAndMustBeAPlainHostName() {
        String page = LIST + "&limit=1&offset=1";
        Response served = viaProxy().header("X-Forwarded-Host", "api.example.com")
                .header("Authorization", "Bearer " + keys().main()).get(page);
        assertThat(served.statusCode()).as("%s", served.asString()).isEqualTo(200);
        assertThat(served.header("Link")).startsWith("<https://api.example.com/api/v1/companies/?").contains("rel=\"prev\"");

        for (String forwarded : List.of("api.example.com:0", "api.example.com, evil.example")) {
            Response refused = viaProxy().header("X-Forwarded-Host", forwarded)
                    .header("Authorization", "Bearer " + keys().main()).get(page);
            assertThat(refused.statusCode()).as("%s: %s", forwarded, refused.asString()).isEqualTo(400);
            assertThat(json(refused).get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
            assertThat(json(refused).get("message").stringValue()).startsWith("The X-Forwarded-Host header must name this server");
        }
    }
}
