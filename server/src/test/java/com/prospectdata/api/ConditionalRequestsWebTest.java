package com.prospectdata.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.testing.Operation;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.DatabaseServer;
import com.prospectdata.webtier.WebTierTest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/** ETag, If-None-Match and Cache-Control on every GET that answers 200 (api/openapi.yaml, "Caching and conditional requests"). */
@Tag(DatabaseServer.TAG)
class ConditionalRequestsWebTest extends WebTierTest {

    private static final String STRONG_ETAG = "\"[!#-~]+\"";

    static Stream<Arguments> everyGet() {
        Stream<Arguments> api = Stream.of(Operation.values()).filter(Operation::answersTheSameTwice)
                .map(operation -> Arguments.of(operation.operationId(), operation.validRequest()));
        return Stream.concat(api, Stream.of(Arguments.of("getHealth", "/health")));
    }

    /** A GET of the request: with the main key under /api/v1, without one for /health. */
    private MockHttpServletRequestBuilder get(String request) {
        return request.startsWith("/api/v1/") ? call(request) : request(HttpMethod.GET, request);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyGet")
    void aMatchingIfNoneMatchIsAnswered304WithTheSameETagAndNoBody(String operationId, String request) throws Exception {
        Answer first = send(get(request));
        assertThat(first.status()).isEqualTo(200);
        String etag = first.header("ETag");
        assertThat(etag).matches(STRONG_ETAG);
        assertThat(first.header("Cache-Control")).isEqualTo("private, no-cache");

        Answer again = send(get(request));
        assertThat(again.header("ETag")).as("the same response has the same ETag").isEqualTo(etag);

        Answer notModified = send(get(request).header("If-None-Match", etag));
        assertThat(notModified.status()).isEqualTo(304);
        assertThat(notModified.header("ETag")).isEqualTo(etag);
        assertThat(notModified.header("Cache-Control")).isEqualTo("private, no-cache");
        assertThat(notModified.bytes()).isEmpty();
        if (request.startsWith("/api/v1/")) {
            assertThat(notModified.header("X-RateLimit-Remaining")).as("a 304 is a counted request").isNotNull();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyGet")
    void anyListedOrWeakMatchIs304AndAnyOtherTagIs200(String operationId, String request) throws Exception {
        String etag = send(get(request)).header("ETag");

        assertThat(send(get(request).header("If-None-Match", "\"not-this\", " + etag)).status()).isEqualTo(304);
        assertThat(send(get(request).header("If-None-Match", "W/" + etag)).status())
                .as("If-None-Match compares weakly (RFC 9110, 13.1.2)").isEqualTo(304);

        Answer changed = send(get(request).header("If-None-Match", "\"not-this\""));
        assertThat(changed.status()).isEqualTo(200);
        assertThat(changed.header("ETag")).isEqualTo(etag);
        assertThat(changed.bytes()).isNotEmpty();
    }

    /** A HEAD is the GET without its body (RFC 9110, 9.3.2): the same validator, length and revalidation. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Operation.class, names = "GET_USAGE", mode = EnumSource.Mode.EXCLUDE)
    void headAnswersWithTheGetsValidatorAndLengthButNoBody(Operation operation) throws Exception {
        String authorization = "Bearer " + keys().main();
        // Both with the same headers: no Accept-Encoding, so the body as it is.
        Answer get = send(request(HttpMethod.GET, operation.validRequest()).header("Authorization", authorization));
        Answer head = send(request(HttpMethod.HEAD, operation.validRequest()).header("Authorization", authorization));

        assertThat(get.status()).isEqualTo(200);
        assertThat(get.header("Content-Length")).isEqualTo(Integer.toString(get.bytes().length));
        assertThat(head.status()).isEqualTo(200);
        assertThat(head.header("ETag")).isEqualTo(get.header("ETag"));
        assertThat(head.header("Cache-Control")).isEqualTo("private, no-cache");
        assertThat(head.header("Content-Length")).isNotNull().isEqualTo(get.header("Content-Length"));
        assertThat(head.bytes()).isEmpty();
        assertThat(send(request(HttpMethod.HEAD, operation.validRequest()).header("Authorization", authorization)
                .header("If-None-Match", get.header("ETag"))).status()).isEqualTo(304);
    }

    @Test
    void aDifferentRepresentationHasADifferentETag() throws Exception {
        String path = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;
        String onePerPage = fetch(path + "&limit=1").header("ETag");
        String twoPerPage = fetch(path + "&limit=2").header("ETag");
        assertThat(onePerPage).isNotEqualTo(twoPerPage);

        Answer stale = send(call(path + "&limit=2").header("If-None-Match", onePerPage));
        assertThat(stale.status()).isEqualTo(200);
        assertThat(stale.header("ETag")).isEqualTo(twoPerPage);
    }

    @Test
    void errorsAreNeitherTaggedNorCacheable() throws Exception {
        Answer missing = fetch("/api/v1/companies/c0000000-0000-4000-8000-0000000000ff");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.header("ETag")).isNull();
        assertThat(missing.header("Cache-Control")).isEqualTo("no-store");

        Answer stillMissing = send(call("/api/v1/companies/c0000000-0000-4000-8000-0000000000ff").header("If-None-Match", "*"));
        assertThat(stillMissing.status()).as("If-None-Match never hides an error").isEqualTo(404);
    }
}
