package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.given;
import static com.prospectdata.contract.support.Api.givenNoKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.DatabaseServer;
import com.prospectdata.contract.support.Fixture;
import com.prospectdata.contract.support.Operation;
import com.prospectdata.contract.support.RawExchange;
import com.prospectdata.contract.support.RawHttp;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** ETag, If-None-Match and Cache-Control on every GET that answers 200 (api/openapi.yaml, "Caching and conditional requests"). */
@Tag(DatabaseServer.TAG)
class ConditionalRequestsTest extends ContractTest {

    private static final String STRONG_ETAG = "\"[!#-~]+\"";

    static Stream<Arguments> everyGet() {
        Stream<Arguments> api = Stream.of(Operation.values())
                .map(operation -> Arguments.of(operation.operationId(), operation.validRequest(), (Supplier<RequestSpecification>) () -> given()));
        return Stream.concat(api, Stream.of(Arguments.of("getHealth", "/health", (Supplier<RequestSpecification>) () -> givenNoKey())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyGet")
    void aMatchingIfNoneMatchIsAnswered304WithTheSameETagAndNoBody(String operationId, String request,
                                                                     Supplier<RequestSpecification> caller) {
        Response first = caller.get().get(request);
        assertThat(first.statusCode()).isEqualTo(200);
        String etag = first.header("ETag");
        assertThat(etag).matches(STRONG_ETAG);
        assertThat(first.header("Cache-Control")).isEqualTo("private, no-cache");

        Response again = caller.get().get(request);
        assertThat(again.header("ETag")).as("the same response has the same ETag").isEqualTo(etag);

        Response notModified = caller.get().header("If-None-Match", etag).get(request);
        assertThat(notModified.statusCode()).isEqualTo(304);
        assertThat(notModified.header("ETag")).isEqualTo(etag);
        assertThat(notModified.header("Cache-Control")).isEqualTo("private, no-cache");
        assertThat(notModified.asByteArray()).isEmpty();
        if (request.startsWith("/api/v1/")) {
            assertThat(notModified.header("X-RateLimit-Remaining")).as("a 304 is a counted request").isNotNull();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyGet")
    void anyListedOrWeakMatchIs304AndAnyOtherTagIs200(String operationId, String request,
                                                                 Supplier<RequestSpecification> caller) {
        String etag = caller.get().get(request).header("ETag");

        assertThat(caller.get().header("If-None-Match", "\"not-this\", " + etag).get(request).statusCode()).isEqualTo(304);
        assertThat(caller.get().header("If-None-Match", "W/" + etag).get(request).statusCode())
                .as("If-None-Match compares weakly (RFC 9110, 13.1.2)").isEqualTo(304);

        Response changed = caller.get().header("If-None-Match", "\"not-this\"").get(request);
        assertThat(changed.statusCode()).isEqualTo(200);
        assertThat(changed.header("ETag")).isEqualTo(etag);
        assertThat(changed.asByteArray()).isNotEmpty();
    }

    /** A HEAD is the GET without its body (RFC 9110, 9.3.2): the same validator, length and revalidation. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Operation.class)
    void headAnswersWithTheGetsValidatorAndLengthButNoBody(Operation operation) throws IOException {
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

    @Test
    void aDifferentRepresentationHasADifferentETag() {
        String path = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN;
        String onePerPage = given().get(path + "&limit=1").header("ETag");
        String twoPerPage = given().get(path + "&limit=2").header("ETag");
        assertThat(onePerPage).isNotEqualTo(twoPerPage);

        Response stale = given().header("If-None-Match", onePerPage).get(path + "&limit=2");
        assertThat(stale.statusCode()).isEqualTo(200);
        assertThat(stale.header("ETag")).isEqualTo(twoPerPage);
    }

    @Test
    void errorsAreNeitherTaggedNorCacheable() {
        Response missing = given().get("/api/v1/companies/" + "c0000000-0000-4000-8000-0000000000ff");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.header("ETag")).isNull();
        assertThat(missing.header("Cache-Control")).isEqualTo("no-store");

        Response stillMissing = given().header("If-None-Match", "*").get("/api/v1/companies/c0000000-0000-4000-8000-0000000000ff");
        assertThat(stillMissing.statusCode()).as("If-None-Match never hides an error").isEqualTo(404);
    }
}
