package com.prospectdata.contract;

import static com.prospectdata.contract.support.Api.given;
import static com.prospectdata.contract.support.Api.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.contract.support.ContractTest;
import com.prospectdata.contract.support.TimeFactor;
import com.prospectdata.contract.support.DatabaseFaults;
import com.prospectdata.contract.support.DatabaseServer;
import com.prospectdata.testing.Json;
import com.prospectdata.testing.Operation;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * 500 INTERNAL_ERROR (docs/api-rules.md §2): an unexpected failure answers with a generic
 * message, never SQL, a stack trace or the names of tables and columns, and quotes a request id
 * that the server's log carries. The failure is real: a column the operations read is renamed
 * under the running server, through an administrator's connection, and renamed back.
 *
 * <p>Changes the database every other test reads: runs alone, after the others.
 */
@Tag(DatabaseServer.TAG)
@Isolated("renames columns of the database every other test reads")
class ServerFaultJarTest extends ContractTest {

    /** What a body of a 500 must not give away, besides the names of the broken table and column. */
    private static final List<String> LEAKS = List.of("sql", "select ", " from ", "column", "relation", "does not exist",
            "exception", "error:", "jooq", "postgres", "hikari", "org.", "java.", "com.prospectdata", "\tat ", "stack");

    static Stream<Arguments> faults() {
        return Stream.of(
                Arguments.of("company", "city", List.of(Operation.LIST_COMPANIES, Operation.GET_COMPANY)),
                Arguments.of("job", "title", List.of(Operation.LIST_COMPANY_JOBS, Operation.GET_COMPANY_JOBS_SUMMARY)),
                Arguments.of("technology", "category",
                        List.of(Operation.LIST_COMPANY_TECHNOLOGIES, Operation.GET_COMPANY_WEBTECH_SUMMARY)),
                Arguments.of("prospect_search", "updated_at", List.of(Operation.LIST_PROSPECT_SEARCHES, Operation.GET_PROSPECT_SEARCH)),
                Arguments.of("prospect_search", "change_position", List.of(Operation.GET_PROSPECT_SEARCH_CHANGES)),
                // The key itself is validated from the server's cache: only the usage's own read of its row fails.
                Arguments.of("api_key", "hint_suffix", List.of(Operation.GET_USAGE)));
    }

    @ParameterizedTest(name = "{0}.{1} renamed: {2}")
    @MethodSource("faults")
    void anOperationWhoseQueryFailsAnswersAGeneric500AndRecovers(String table, String column, List<Operation> operations) {
        Map<Operation, JsonNode> before = new LinkedHashMap<>();
        for (Operation operation : operations) {
            Response response = given().get(operation.validRequest());
            assertThat(response.statusCode()).as("%s before the fault: %s", operation, response.asString()).isEqualTo(200);
            before.put(operation, json(response));
        }

        String hidden = column + "_hidden_by_contract_test";
        List<Response> failures = new ArrayList<>();
        try (DatabaseFaults.Fault fault = environment().databaseFaults().renameColumn(table, column, hidden)) {
            for (Operation operation : operations) {
                String requestId = "server-fault-" + UUID.randomUUID();
                Response response = given().header("X-Request-Id", requestId).get(notKept(operation));
                assertGenericInternalError(operation, response, requestId, List.of(table, column, hidden));
                failures.add(response);
            }
        }

        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(failures).extracting(response -> json(response).path("message").asString(""))
                .as("the message does not depend on what failed").containsOnly(json(failures.getFirst()).path("message").asString(""));
        for (Operation operation : operations) {
            Response response = given().get(operation.validRequest());
            softly.assertThat(response.statusCode()).as("%s once the column is back: %s", operation, response.asString())
                    .isEqualTo(200);
            // The usage tells the budget and the second it is full again: it changes between any two answers.
            if (response.statusCode() == 200 && operation.answersTheSameTwice()) {
                softly.assertThat(Json.sameValue(json(response), before.get(operation)))
                        .as("%s answers as before the fault: %s", operation, response.asString()).isTrue();
            }
        }
        softly.assertAll();
    }

    private static final String EXPORT = "/api/v1/prospect-searches/" + com.prospectdata.testing.Fixture.SEARCH_MAIN
            + "/companies/export";

    /** An export that fails before its headers is answered like any request: a generic 500. */
    @org.junit.jupiter.api.Test
    void anExportWhoseCountFailsAnswersAGeneric500() {
        String hidden = "companies_hidden_by_contract_test";
        try (DatabaseFaults.Fault fault = environment().databaseFaults().renameColumn("prospect_search_score_count", "companies",
                hidden)) {
            String requestId = "server-fault-" + UUID.randomUUID();
            Response response = given().header("X-Request-Id", requestId).get(EXPORT);
            assertGenericInternalError(null, response, requestId, List.of("prospect_search_score_count", "companies", hidden));
        }
        assertThat(given().get(EXPORT).statusCode()).isEqualTo(200);
    }

    /**
     * An export that fails after its headers cannot answer 500: its status is sent. The exchange is
     * cut instead, so the client can tell it from a whole export (docs/api-rules.md §14), and the
     * failure is one WARN line under the request's id, without a stack trace; the access line says
     * 500.
     */
    @org.junit.jupiter.api.Test
    void anExportThatFailsAfterItsHeadersIsCutNotEnded() throws Exception {
        String requestId = "cut-export-" + UUID.randomUUID();
        long linesBefore = environment().serverLogText().lines().count();
        java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
                .sslContext(com.prospectdata.contract.support.LocalTls.trustingEverything()).build();
        java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(environment().server().baseUri() + EXPORT))
                .header("Authorization", "Bearer " + keys().main()).header("X-Request-Id", requestId).build();
        try (DatabaseFaults.Fault fault = environment().databaseFaults().renameColumn("contact", "title", "title_hidden_by_contract_test")) {
            java.net.http.HttpResponse<java.io.InputStream> response = client.send(request,
                    java.net.http.HttpResponse.BodyHandlers.ofInputStream());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.headers().firstValue("Export-Total")).contains("23");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> {
                try (java.io.InputStream body = response.body()) {
                    body.readAllBytes();
                }
            }).as("the body ends in a failed transfer, not a clean end").isInstanceOf(java.io.IOException.class);
        }
        List<String> logged = linesOf(requestId, linesBefore, line -> line.contains(" access ") && line.contains("request_id=" + requestId));
        assertThat(logged).filteredOn(line -> line.contains(" access ")).singleElement().asString().contains(" status=500 ");
        assertThat(logged).filteredOn(line -> line.contains(" WARN ") && line.contains("cutting the exchange")).hasSize(1);
        assertThat(logged).filteredOn(line -> line.contains(" ERROR ")).isEmpty();
        assertThat(environment().serverLogText().lines().skip(linesBefore).filter(line -> line.startsWith("\tat ")))
                .as("no stack trace").isEmpty();
        assertThat(given().get(EXPORT).statusCode()).isEqualTo(200);
    }

    /**
     * The server's log lines under {@code requestId} since {@code linesBefore}, once one of them
     * is {@code last} (the log is read from the process's output, which can lag the client).
     */
    private static List<String> linesOf(String requestId, long linesBefore, java.util.function.Predicate<String> last) {
        return org.awaitility.Awaitility.await().atMost(TimeFactor.tolerance(Duration.ofSeconds(30)))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> environment().serverLogText().lines().skip(linesBefore)
                        .filter(line -> line.contains(requestId)).toList(), lines -> lines.stream().anyMatch(last));
    }

    private static void assertGenericInternalError(Operation operation, Response response, String requestId,
                                                   List<String> names) {
        assertThat(response.statusCode()).as("%s with a column missing: %s", operation, response.asString()).isEqualTo(500);
        JsonNode body = json(response);
        SoftAssertions softly = new SoftAssertions();
        softly.assertThat(body.propertyNames()).as("%s: the body's fields", operation).containsExactlyInAnyOrder("error", "message");
        softly.assertThat(body.path("error").asString("")).as("%s: error", operation).isEqualTo("INTERNAL_ERROR");
        String text = response.asString().toLowerCase(Locale.ROOT);
        for (String leak : LEAKS) {
            softly.assertThat(text).as("%s: the body gives away nothing of the failure", operation).doesNotContain(leak);
        }
        for (String name : names) {
            softly.assertThat(text).as("%s: the body names no table or column", operation)
                    .doesNotContainPattern("(?<![a-z_])" + name + "(?![a-z_])");
        }
        softly.assertThat(response.header("X-Request-Id")).as("%s: X-Request-Id", operation).isEqualTo(requestId);
        // Support finds the failure by the id the client quotes: a line of its own, besides the access log's.
        softly.assertThat(environment().serverLogText().lines()
                        .filter(line -> line.contains(requestId) && !line.contains("request_id=" + requestId)))
                .as("%s: lines of the server's log about the failure, under its request id", operation).isNotEmpty();
        softly.assertAll();
    }

    /**
     * The operation's request in a form no earlier request asked for: a page of the companies
     * list read before the fault is kept while the data stands (docs/api-rules.md §1) and would be
     * answered without the failing query.
     */
    private static String notKept(Operation operation) {
        return operation == Operation.LIST_COMPANIES
                ? operation.validRequest() + "&search=fault" + UUID.randomUUID().toString().substring(0, 8)
                : operation.validRequest();
    }
}
