package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.prospectdata.contract.support.Api;
import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.RawHttp;
import com.prospectdata.contract.support.TlsCertificates;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import java.io.IOException;
import java.net.ConnectException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * HTTPS only (docs/api-rules.md §6): the server speaks TLS, and a request that arrives over
 * plain HTTP is never served: 403 HTTPS_REQUIRED, never a redirect (the key already crossed the
 * wire in clear). The environment starts the server with a plain-HTTP listener
 * ({@code app.plain-http-port}) for these tests.
 */
class HttpsJarTest extends ContractTest {

    @Test
    void theServerSpeaksTls() {
        assertThat(environment().isHttps())
                .as("GET /health answered over plain HTTP on the API port, not over TLS (see target/contract/server.log)")
                .isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN,
            "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs",
            "/api/v1/no-such-thing",
            "/health",
    })
    void plainHttpIsRefusedWithHttpsRequired(String target) throws IOException {
        RawHttp.Response response;
        try {
            response = RawHttp.getPlain(environment().plainHttpPort(), target,
                    "Authorization: Bearer " + keys().main(), "X-Request-Id: plain-http-check");
        } catch (ConnectException e) {
            throw new AssertionError("Nothing listens for plain HTTP on port " + environment().plainHttpPort()
                    + ", given to the server as --app.plain-http-port", e);
        }

        assertThat(response.status()).as("%s", response).isEqualTo(403);
        assertThat(response.header("Location")).as("never a redirect").isNull();
        assertThat(response.header("Content-Type")).startsWith("application/json");
        JsonNode body = Json.parse(response.body());
        assertThat(body.get("error").stringValue()).isEqualTo("HTTPS_REQUIRED");
        assertThat(body.get("message").isString()).isTrue();
        assertThat(response.header("X-Request-Id")).isEqualTo("plain-http-check");
    }

    /** The same refusal through the validated client: /health documents its 403 too. */
    @Test
    void healthOnThePlainListenerIsTheDocumented403() {
        var response = Api.givenNoKey()
                .baseUri("http://127.0.0.1:" + environment().plainHttpPort())
                .get("/health");
        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(Api.json(response).get("error").stringValue()).isEqualTo("HTTPS_REQUIRED");
    }

    /**
     * Plain HTTP sent to the TLS port is not a TLS handshake: the servlet container answers it
     * during the handshake, before any request is read, with the contract's 403 HTTPS_REQUIRED as
     * the plain listener gives, and closes the connection. Never company data, never a redirect;
     * no HSTS, which browsers ignore over plain HTTP, and no X-Request-Id, since the answer is
     * written before a request exists (docs/SECURITY.md, "What the servlet container answers
     * itself").
     */
    @Test
    void plainHttpOnTheTlsPortIsRefusedWithHttpsRequired() throws IOException {
        assumeTrue(environment().isHttps(), "the server does not speak TLS (theServerSpeaksTls)");
        RawHttp.Response response = RawHttp.getPlain(environment().port(), "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT,
                "Authorization: Bearer " + keys().main(), "X-Request-Id: plain-http-check");

        assertThat(response.status()).as("%s", response).isEqualTo(403);
        assertThat(response.header("Content-Type")).as("%s", response).startsWith("application/json");
        JsonNode body = Json.parse(response.body());
        assertThat(body.get("error").stringValue()).isEqualTo("HTTPS_REQUIRED");
        assertThat(body.get("message").stringValue()).contains("HTTPS only");
        assertThat(response.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(response.header("Cache-Control")).isEqualTo("no-store");
        assertThat(response.header("Strict-Transport-Security")).isNull();
        assertThat(response.header("X-Request-Id")).isNull();
        assertThat(response.header("Location")).as("never a redirect").isNull();
        assertThat(response.body()).doesNotContain(Fixture.COMPANY_NORDLICHT).doesNotContain("Nordlicht");
    }

    /**
     * The default TLS mode: a self-signed certificate for localhost and 127.0.0.1, made at the
     * first start and kept in the data directory (APP_DATA_DIR/tls), its private key readable by
     * its owner only. SelfSignedCertificateTest shows a second start on the same directory reusing it.
     */
    @Test
    void theSelfSignedCertificateIsTheOneKeptInTheDataDirectory() throws IOException {
        assumeTrue(environment().isHttps(), "the server does not speak TLS (theServerSpeaksTls)");
        // ContractEnvironment starts the server with APP_DATA_DIR=target/contract/data.
        Path tls = environment().serverLog().getParent().resolve("data").resolve("tls");
        X509Certificate presented = TlsCertificates.presentedOn(environment().port());

        assertThat(presented).isEqualTo(TlsCertificates.readPem(tls.resolve("certificate.pem")));
        assertThat(TlsCertificates.alternativeNames(presented)).contains("127.0.0.1", "localhost");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(tls.resolve("private-key.pem"))))
                .isEqualTo("rw-------");
    }
}
