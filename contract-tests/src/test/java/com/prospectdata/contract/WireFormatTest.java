package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.given;
import static com.prospectdata.contract.support.Api.givenAuthorization;
import static com.prospectdata.contract.support.Api.givenInvalid;
import static com.prospectdata.contract.support.Api.givenNoKey;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.Fixture;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * X-Request-Id and the JSON content type (docs/api-rules.md §1). Content type, null-free
 * bodies and timestamp shape are also checked on every response by ContractInvariants.
 */
class WireFormatTest extends ContractTest {

    private static final String UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;

    /** A successful request and error responses of each kind the server produces in a different place. */
    static Stream<Arguments> requests() {
        return Stream.of(
                Arguments.of("200", (Supplier<Response>) () -> given().header("X-Request-Id", ID).get(COMPANY)),
                Arguments.of("health", (Supplier<Response>) () -> givenNoKey().header("X-Request-Id", ID).get("/health")),
                Arguments.of("401", (Supplier<Response>) () -> givenAuthorization(null).header("X-Request-Id", ID).get(COMPANY)),
                Arguments.of("400", (Supplier<Response>) () -> givenInvalid().header("X-Request-Id", ID).get(COMPANY + "/jobs?days_back=0")),
                Arguments.of("404", (Supplier<Response>) () -> givenInvalid().header("X-Request-Id", ID).get("/api/v1/nothing-here")),
                Arguments.of("405", (Supplier<Response>) () -> givenInvalid().header("X-Request-Id", ID).delete(COMPANY)));
    }

    private static final String ID = "req-2026.11.21_ABC-xyz-0123456789";

    @ParameterizedTest(name = "{0}")
    @MethodSource("requests")
    void aSaneRequestIdIsEchoed(String what, Supplier<Response> request) {
        assertThat(request.get().header("X-Request-Id")).isEqualTo(ID);
    }

    @Test
    void aRequestIdOf128CharactersIsEchoed() {
        String id = "a".repeat(64) + "Z.9_-".repeat(12) + "0123";
        assertThat(id).hasSize(128);

        assertThat(given().header("X-Request-Id", id).get(COMPANY).header("X-Request-Id")).isEqualTo(id);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "129", // replaced below by 129 characters
            "200",
            "has space",
            "semi;colon",
            "slash/ed",
            "quote\"d",
            "colon:1",
            "percent%20",
            "plus+sign",
    })
    void anInsaneRequestIdIsReplacedByANewUuid(String value) {
        String sent = switch (value) {
            case "129" -> "b".repeat(129);
            case "200" -> "c".repeat(200);
            default -> value;
        };

        String answered = given().header("X-Request-Id", sent).get(COMPANY).header("X-Request-Id");

        assertThat(answered).isNotEqualTo(sent).matches(UUID_PATTERN);
    }

    @Test
    void anEmptyRequestIdIsReplacedByANewUuid() {
        assertThat(given().header("X-Request-Id", "").get(COMPANY).header("X-Request-Id")).matches(UUID_PATTERN);
    }

    @Test
    void withoutARequestIdEachResponseGetsANewUuid() {
        String first = given().get(COMPANY).header("X-Request-Id");
        String second = given().get(COMPANY).header("X-Request-Id");

        assertThat(first).matches(UUID_PATTERN);
        assertThat(second).matches(UUID_PATTERN).isNotEqualTo(first);
    }

    @Test
    void theServerLogCarriesTheRequestId() throws InterruptedException {
        String id = "contract-log-check-" + System.nanoTime();
        given().header("X-Request-Id", id).get(COMPANY);

        Instant deadline = Instant.now().plus(Duration.ofSeconds(5));
        while (!environment().serverLogText().contains(id) && Instant.now().isBefore(deadline)) {
            Thread.sleep(50);
        }
        assertThat(environment().serverLogText()).contains(id);
    }

    @Test
    void theServerLogNeverCarriesTheKey() {
        given().get(COMPANY);
        givenAuthorization("Bearer " + keys().revoked()).get(COMPANY);
        givenAuthorization(keys().main()).get(COMPANY);

        assertThat(environment().serverLogText()).doesNotContain(keys().main(), keys().revoked());
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/html", "application/xml", "text/plain"})
    void answersJsonWhateverTheAcceptHeaderAsks(String accept) {
        RequestSpecification request = givenInvalid().accept(accept);
        // ContractInvariants fails any response that is not application/json.
        Response response = request.get(COMPANY);
        assertThat(response.contentType()).startsWith("application/json");
        Response error = givenInvalid().accept(accept).get("/api/v1/nothing-here");
        assertThat(error.contentType()).startsWith("application/json");
    }
}
