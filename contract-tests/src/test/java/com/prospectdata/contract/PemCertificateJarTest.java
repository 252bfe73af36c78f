package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.RawHttp;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TlsCertificates;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import io.restassured.response.Response;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * HTTPS with the operator's own certificate ({@code app.tls.mode=pem}, docs/api-rules.md §6):
 * a server of its own, started with a certificate and key made for this run as PEM files, and a
 * plain-HTTP listener.
 */
class PemCertificateJarTest extends ContractTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;

    private static TlsCertificates.PemFiles pem;
    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> {
        Path directory = environment().serverLog().getParent().resolve("pem-certificate");
        pem = TlsCertificates.selfSigned(directory, "prospect-api.contract-tests.example");
        return ServerProcess.onSharedDatabase("pem-certificate")
                .argument("--app.tls.mode=pem")
                .argument("--app.tls.certificate=" + pem.certificate())
                .argument("--app.tls.private-key=" + pem.privateKey())
                .plainHttpListener();
    });

    @Test
    void theServerPresentsTheCertificateOfItsPemFiles() {
        assertThat(dedicated.server().isHttps()).as("the server answers its port over TLS").isTrue();
        assertThat(TlsCertificates.presentedOn(dedicated.server().port())).isEqualTo(pem.read());
        assertThat(TlsCertificates.presentedOn(dedicated.server().port()))
                .as("not the self-signed certificate of the data directory")
                .isNotEqualTo(TlsCertificates.presentedOn(environment().port()));
    }

    @Test
    void theApiIsServedOverTlsWithHsts() {
        Response response = dedicated.server().validRequest().header("Authorization", "Bearer " + keys().main()).get(COMPANY);

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(200);
        assertThat(json(response).get("id").stringValue()).isEqualTo(Fixture.COMPANY_NORDLICHT);
        assertThat(response.header("Strict-Transport-Security")).startsWith("max-age=");
    }

    @Test
    void itsPlainHttpListenerServesNothing() throws IOException {
        RawHttp.Response response = RawHttp.getPlain(dedicated.server().plainHttpPort(), COMPANY, "Authorization: Bearer " + keys().main());

        assertThat(response.status()).as("%s", response).isEqualTo(403);
        assertThat(Json.parse(response.body()).get("error").stringValue()).isEqualTo("HTTPS_REQUIRED");
        assertThat(response.header("Location")).isNull();
        assertThat(response.body()).doesNotContain("Nordlicht");
    }

    @Test
    void plainHttpOnItsTlsPortReturnsNoCompanyData() {
        RawHttp.Response response;
        try {
            response = RawHttp.getPlain(dedicated.server().port(), COMPANY, "Authorization: Bearer " + keys().main());
        } catch (IOException closed) {
            return;
        }
        assertThat(response.status()).as("%s", response).isGreaterThanOrEqualTo(400);
        assertThat(response.header("Location")).isNull();
        assertThat(response.body()).doesNotContain("Nordlicht");
    }
}
