package com.prospectdata.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.DocumentValidation;
import com.prospectdata.webtier.WebTierTest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.HttpMethod;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * X-Request-Id and the JSON content type (docs/api-rules.md §1). Content type, null-free
 * bodies and timestamp shape are also checked on every response by ContractInvariants. That
 * the server's log carries the request id and never the key is the jar tier's
 * (LogsAndTracesJarTest, LogSecrecyJarTest): only the process has that log.
 */
class WireFormatWebTest extends WebTierTest {

    private static final String UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
    private static final String COMPANY = "/api/v1/companies/" + Fixture.COMPANY_NORDLICHT;
    private static final String ID = "req-2026.11.21_ABC-xyz-0123456789";

    /** A successful request and error responses of each kind the server produces in a different place. */
    Stream<Arguments> requests() {
        return Stream.of(
                Arguments.of("200", call(COMPANY)),
                Arguments.of("health", request(HttpMethod.GET, "/health")),
                Arguments.of("401", request(HttpMethod.GET, COMPANY)),
                Arguments.of("400", call(COMPANY + "/jobs?days_back=0")),
                Arguments.of("404", call("/api/v1/nothing-here")),
                Arguments.of("405", request(HttpMethod.DELETE, COMPANY).header("Authorization", "Bearer " + key)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requests")
    void aSaneRequestIdIsEchoed(String what, MockHttpServletRequestBuilder request) throws Exception {
        assertThat(send(request.header("X-Request-Id", ID)).header("X-Request-Id")).isEqualTo(ID);
    }

    @Test
    void aRequestIdOf128CharactersIsEchoed() throws Exception {
        String id = "a".repeat(64) + "Z.9_-".repeat(12) + "0123";
        assertThat(id).hasSize(128);

        assertThat(send(call(COMPANY).header("X-Request-Id", id)).header("X-Request-Id")).isEqualTo(id);
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
    void anInsaneRequestIdIsReplacedByANewUuid(String value) throws Exception {
        String sent = switch (value) {
            case "129" -> "b".repeat(129);
            case "200" -> "c".repeat(200);
            default -> value;
        };

        String answered = send(call(COMPANY).header("X-Request-Id", sent)).header("X-Request-Id");

        assertThat(answered).isNotEqualTo(sent).matches(UUID_PATTERN);
    }

    @Test
    void anEmptyRequestIdIsReplacedByANewUuid() throws Exception {
        assertThat(send(call(COMPANY).header("X-Request-Id", "")).header("X-Request-Id")).matches(UUID_PATTERN);
    }

    @Test
    void withoutARequestIdEachResponseGetsANewUuid() throws Exception {
        String first = fetch(COMPANY).header("X-Request-Id");
        String second = fetch(COMPANY).header("X-Request-Id");

        assertThat(first).matches(UUID_PATTERN);
        assertThat(second).matches(UUID_PATTERN).isNotEqualTo(first);
    }

    @ParameterizedTest
    @ValueSource(strings = {"text/html", "application/xml", "text/plain"})
    void answersJsonWhateverTheAcceptHeaderAsks(String accept) throws Exception {
        // ContractInvariants fails any response that is not application/json. The validator
        // refuses such an Accept header: only the response is validated.
        Answer response = send(call(COMPANY).header("Accept", accept).with(DocumentValidation.responseOnly()));
        assertThat(response.contentType()).startsWith("application/json");
        Answer error = send(call("/api/v1/nothing-here").header("Accept", accept));
        assertThat(error.contentType()).startsWith("application/json");
    }
}
