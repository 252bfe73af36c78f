package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.RawHttp;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TlsCertificates;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import io.restassured.response.Response;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The TLS settings an operator changes (docs/OPERATIONS.md, "HTTPS"; docs/api-rules.md §6), on
 * one server of its own on the shared database: the JDK's TLS provider ({@code app.tls.provider=jdk})
 * and the operator's own certificate as PEM files ({@code app.tls.mode=pem}, made for this run),
 * with a plain-HTTP listener. The shared server is the other case of each: Conscrypt, the default
 * provider, and the self-signed certificate of its data directory.
 * <ul>
 * <li>Both providers hold the same line from outside: TLS 1.2 and 1.3 only, a returning client's
 * session resumed, HTTP/2 and HTTP/1.1 served. The handshakes are made by OpenSSL's own client
 * ({@code openssl s_client}), which can be told to offer TLS 1.0 and 1.1, as an old client would;
 * the JDK's client no longer can.</li>
 * <li>The server presents the PEM files' certificate, serves the API with HSTS, and its plain-HTTP
 * listener serves nothing.</li>
 * </ul>
 */
class TlsSettingsJarTest extends ContractTest {

    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;

    private static TlsCertificates.PemFiles pem;
    @RegisterExtension
    static final ServerProcess.PerClass dedicated = ServerProcess.perClass(() -> {
        Path directory = environment().serverLog().getParent().resolve("tls-settings");
        pem = TlsCertificates.selfSigned(directory, "prospect-api.contract-tests.example");
        return ServerProcess.onSharedDatabase("tls-settings")
                .argument("--app.tls.provider=jdk")
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

    @Test
    void theDefaultServerDoesItsTlsWithConscryptAndTheOtherWithTheJdk() {
        assertThat(environment().serverLogText()).contains("HTTPS by Conscrypt");
        assertThat(dedicated.server().logText()).contains("HTTPS by the JDK's TLS provider")
                .doesNotContain("HTTPS by Conscrypt");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"conscrypt", "jdk"})
    void eachProviderSpeaksTls12And13AndRefusesOlderVersions(String provider) throws Exception {
        int port = port(provider);
        assertThat(handshake(port, "-tls1_3")).as("TLS 1.3").contains("New, TLSv1.3");
        assertThat(handshake(port, "-tls1_2")).as("TLS 1.2").contains("New, TLSv1.2");
        for (String old : List.of("-tls1_1", "-tls1")) {
            String refused = handshake(port, old, "-cipher", "DEFAULT@SECLEVEL=0");
            assertThat(refused).as("%s is refused: %s", old, refused)
                    .contains("alert protocol version").contains("Cipher is (NONE)")
                    .doesNotContain("HTTP/1.1 200");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"conscrypt", "jdk"})
    void eachProviderResumesAReturningClientsSession(String provider) throws Exception {
        int port = port(provider);
        Path session = Files.createTempFile("tls-session", ".pem");
        try {
            String first = handshake(port, "-sess_out", session.toString());
            assertThat(first).contains("New, TLSv1.3").contains("HTTP/1.1 200");
            String second = handshake(port, "-sess_in", session.toString());
            assertThat(second).as("the ticket of the first connection is accepted")
                    .contains("Reused, TLSv1.3").contains("HTTP/1.1 200");
        } finally {
            Files.deleteIfExists(session);
        }
    }

    @Test
    void bothServeHttp2AndHttp11() throws Exception {
        for (String baseUri : List.of(environment().baseUri(), dedicated.server().baseUri())) {
            for (HttpClient.Version version : HttpClient.Version.values()) {
                HttpClient client = HttpClient.newBuilder().version(version).sslContext(LocalTls.trustingEverything())
                        .connectTimeout(Duration.ofSeconds(5)).build();
                HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(baseUri + COMPANY))
                                .header("Authorization", "Bearer " + keys().main()).timeout(Duration.ofSeconds(20)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.version()).as("%s from %s", version, baseUri).isEqualTo(version);
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(response.body()).contains(Fixture.COMPANY_NORDLICHT);
            }
        }
    }

    /** The shared server runs with the default provider, Conscrypt; the class's own with the JDK's. */
    private static int port(String provider) {
        return provider.equals("jdk") ? dedicated.server().port() : environment().port();
    }

    /**
     * One connection by {@code openssl s_client}: a GET of /health once the handshake is done,
     * and the client waits for the answer (in TLS 1.3 the session ticket comes after the
     * handshake, with the first data).
     */
    private static String handshake(int port, String... options) throws IOException, InterruptedException {
        String output = handshakeOnce(port, options);
        // On a machine busy with the whole run, openssl once ended before it was given the request,
        // its connection refused or reset before the handshake: that is not the server's TLS, try again.
        return output.contains("CONNECTED") ? output : handshakeOnce(port, options);
    }

    private static String handshakeOnce(int port, String... options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("openssl", "s_client", "-connect", "127.0.0.1:" + port,
                "-servername", "localhost", "-ign_eof"));
        command.addAll(List.of(options));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            process.getOutputStream().write("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            process.getOutputStream().flush();
        } catch (IOException ended) {
            // openssl has ended already; its output says why.
        }
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("openssl s_client did not finish within 20 s");
        }
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
