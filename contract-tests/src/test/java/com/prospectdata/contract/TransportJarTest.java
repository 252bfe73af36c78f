package com.prospectdata.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.LocalTls;
import com.prospectdata.contract.support.RawExchange;
import com.prospectdata.contract.support.RawHttp;
import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Json;
import com.prospectdata.testing.Operation;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * HTTP/2 over TLS beside HTTP/1.1, and gzip for large bodies when the client asks
 * (docs/api-rules.md §1), on the jar, with a client that negotiates each version itself; and a
 * HEAD as the servlet container sends it (the web tier's ConditionalRequestsWebTest has the
 * rest of HEAD and of revalidation).
 */
class TransportJarTest extends ContractTest {

    private static final String LIST = "/api/v1/companies/?limit=100&prospect_search_id=" + Fixture.SEARCH_MAIN;

    private static HttpResponse<byte[]> get(HttpClient.Version version, String path, String... headers) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(version).sslContext(LocalTls.trustingEverything())
                .connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(environment().server().baseUri() + path))
                .header("Authorization", "Bearer " + keys().main()).timeout(Duration.ofSeconds(20)).GET();
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static byte[] gunzip(byte[] body) throws IOException {
        try (GZIPInputStream unzipped = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return unzipped.readAllBytes();
        }
    }

    /** A HEAD is the GET without its body (RFC 9110, 9.3.2): on the wire, the same validator and length. */
    @ParameterizedTest
    // The usage tells the second its bucket is full again: two answers may differ (UsageWebTest revalidates it).
    @EnumSource(value = Operation.class, names = "GET_USAGE", mode = EnumSource.Mode.EXCLUDE)
    void aHeadOnTheWireHasTheGetsValidatorAndLengthButNoBody(Operation operation) throws IOException {
        String authorization = "Authorization: Bearer " + keys().main();
        // Both raw, with the same headers: no Accept-Encoding, so the body as it is.
        RawHttp.Response get = RawExchange.send("GET", operation.validRequest(), authorization);
        RawHttp.Response head = RawExchange.send("HEAD", operation.validRequest(), authorization);

        assertThat(get.status()).isEqualTo(200);
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.header("ETag")).isEqualTo(get.header("ETag"));
        assertThat(head.header("Cache-Control")).isEqualTo("private, no-cache");
        assertThat(head.header("Content-Length")).isNotNull().isEqualTo(get.header("Content-Length"));
        assertThat(head.body()).isEmpty();
        assertThat(RawExchange.send("HEAD", operation.validRequest(), authorization, "If-None-Match: " + get.header("ETag")).status())
                .isEqualTo(304);
    }

    @ParameterizedTest
    @EnumSource(HttpClient.Version.class)
    void eachVersionIsSpokenAndALargeBodyIsGzippedOnlyWhenAsked(HttpClient.Version version) throws Exception {
        HttpResponse<byte[]> plain = get(version, LIST);
        assertThat(plain.version()).as("negotiated over TLS").isEqualTo(version);
        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(plain.headers().firstValue("Vary")).contains("Accept-Encoding");
        assertThat(plain.body().length).isGreaterThan(2048);

        HttpResponse<byte[]> gzipped = get(version, LIST, "Accept-Encoding", "br;q=1.0, gzip;q=0.8");
        assertThat(gzipped.statusCode()).isEqualTo(200);
        assertThat(gzipped.headers().firstValue("Content-Encoding")).contains("gzip");
        assertThat(gzipped.body().length).as("the bytes on the wire").isLessThan(plain.body().length / 3);
        assertThat(Json.parse(new String(gunzip(gzipped.body()), StandardCharsets.UTF_8)))
                .isEqualTo(Json.parse(new String(plain.body(), StandardCharsets.UTF_8)));
        String gzipETag = gzipped.headers().firstValue("ETag").orElseThrow();
        assertThat(gzipETag).isNotEqualTo(plain.headers().firstValue("ETag").orElseThrow());

        HttpResponse<byte[]> revalidated = get(version, LIST, "Accept-Encoding", "gzip", "If-None-Match", gzipETag);
        assertThat(revalidated.statusCode()).isEqualTo(304);
        assertThat(revalidated.body()).isEmpty();
        assertThat(revalidated.headers().firstValue("Content-Encoding")).isEmpty();

        HttpResponse<byte[]> refused = get(version, LIST, "Accept-Encoding", "gzip;q=0, identity");
        assertThat(refused.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(refused.body()).isEqualTo(plain.body());

        HttpResponse<byte[]> small = get(version, "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT + "/jobs/summary",
                "Accept-Encoding", "gzip");
        assertThat(small.statusCode()).isEqualTo(200);
        assertThat(small.body().length).isLessThan(2048);
        assertThat(small.headers().firstValue("Content-Encoding")).as("below 2 KB, as it is").isEmpty();

        HttpResponse<byte[]> error = get(version, "/api/v1/companies/" + java.util.UUID.randomUUID(), "Accept-Encoding", "gzip");
        assertThat(error.statusCode()).isEqualTo(404);
        assertThat(error.headers().firstValue("Content-Encoding")).isEmpty();
    }
}
