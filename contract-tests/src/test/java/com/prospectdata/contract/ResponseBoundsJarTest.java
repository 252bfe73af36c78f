package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.givenInvalid;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.ServerProcess;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.testing.Fixture;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/**
 * Responses that never break, whatever the request carried: page links are rebuilt from the
 * operation's own parameters (a long unknown parameter is not copied into them), host names
 * are bounded, and a response the servlet container could not send is replaced by a complete
 * 500 that the access log records as such.
 */
class ResponseBoundsJarTest extends ContractTest {

    private static final String PAGE = "/api/v1/companies/?prospect_search_id=" + Fixture.SEARCH_MAIN + "&limit=1&offset=1";
    /** 200 characters of four UTF-8 bytes each: the longest search, 2,400 characters percent-encoded. */
    private static final String LONGEST_SEARCH = "%F0%9F%98%80".repeat(200);

    @RegisterExtension
    static final ServerProcess.PerClass smallHeaderBuffer = ServerProcess.perClass(() -> ServerProcess.onSharedDatabase("small-header-buffer")
            .argument("--server.tomcat.max-http-response-header-size=2KB"));

    @Test
    void aLongUnknownParameterIsIgnoredAndNotCopiedIntoTheLinks() {
        Response response = givenInvalid().urlEncodingEnabled(false).get(PAGE + "&tracking=" + "x".repeat(4_200));

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(200);
        assertThat(response.contentType()).startsWith("application/json");
        assertThat(response.header("X-Request-Id")).isNotBlank();
        assertThat(response.header("Link")).contains("rel=\"next\"", "rel=\"prev\"").doesNotContain("tracking", "xxxx");
    }

    @Test
    void theLongestLinksTheDocumentAllowsAreSent() {
        String host = "h".repeat(63) + "." + "o".repeat(63) + "." + "s".repeat(63) + "." + "t".repeat(61);
        // Responses only: the validator reads neither a comma-separated list nor a +23:59 offset.
        Response response = givenInvalid().urlEncodingEnabled(false).header("Host", host)
                .get(PAGE + "&search=" + LONGEST_SEARCH + "&min_match_score=0&review_status_list=accepted,pending,rejected"
                        + "&updated_since=0000-01-01T00:00:00.000000000%2B23:59");

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(200);
        // No item matches such a search, so there is no next page; the previous one is linked.
        assertThat(response.header("Link")).as("the 253-character host, as the request named it")
                .startsWith("<https://" + host + "/api/v1/companies/?").contains(LONGEST_SEARCH).endsWith("rel=\"prev\"");
    }

    @Test
    void aHostNameLongerThanDnsAllowsIsRefused() {
        Response response = givenInvalid().header("Host", "h".repeat(254)).get(PAGE);

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(400);
        JsonNode body = json(response);
        assertThat(body.get("error").stringValue()).isEqualTo("VALIDATION_ERROR");
        assertThat(body.get("message").stringValue()).contains("Host header", "253");
    }

    /**
     * With a container buffer too small for a page's links, the page cannot be sent: the client
     * gets the contract's 500 in full instead of a bodiless one, and the log says 500 too.
     */
    @Test
    void aResponseTheContainerCannotSendIsReplacedByACompleteLogged500() {
        Response response = smallHeaderBuffer.server().request().urlEncodingEnabled(false)
                .header("Authorization", "Bearer " + keys().main())
                .get(PAGE + "&search=" + LONGEST_SEARCH);

        assertThat(response.statusCode()).as("%s", response.asString()).isEqualTo(500);
        assertThat(response.contentType()).startsWith("application/json");
        assertThat(json(response).get("error").stringValue()).isEqualTo("INTERNAL_ERROR");
        String requestId = response.header("X-Request-Id");
        assertThat(requestId).isNotBlank();
        assertThat(response.header("Link")).isNull();

        Matcher accessLine = Pattern.compile("request_id=" + Pattern.quote(requestId) + " .* status=(\\d+)")
                .matcher(awaitLogLine(requestId));
        assertThat(accessLine.find()).isTrue();
        assertThat(accessLine.group(1)).as("the access log records what was sent").isEqualTo("500");

        Response small = smallHeaderBuffer.server().request().header("Authorization", "Bearer " + keys().main()).get(PAGE);
        assertThat(small.statusCode()).as("a page whose headers fit is sent: %s", small.asString()).isEqualTo(200);
    }

    private static String awaitLogLine(String requestId) {
        return await("an access line for " + requestId + " in " + smallHeaderBuffer.server().log())
                .atMost(TimeFactor.tolerance(Duration.ofSeconds(10))).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(100))
                .until(() -> smallHeaderBuffer.server().logText().lines()
                        .filter(line -> line.contains("access") && line.contains("request_id=" + requestId))
                        .findFirst(), Optional::isPresent)
                .orElseThrow();
    }
}
