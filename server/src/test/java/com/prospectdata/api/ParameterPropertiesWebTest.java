package com.prospectdata.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.quicktheories.QuickTheory.qt;

import com.prospectdata.pipeline.Tier;
import com.prospectdata.pipeline.auth.DeploymentEnvironment;
import com.prospectdata.testing.Fixture;
import com.prospectdata.webtier.Answer;
import com.prospectdata.webtier.DocumentParameters;
import com.prospectdata.webtier.DocumentParameters.DocumentOperation;
import com.prospectdata.webtier.DocumentParameters.DocumentParameter;
import com.prospectdata.webtier.DocumentValidation;
import com.prospectdata.webtier.OpenApiDocument;
import com.prospectdata.webtier.ParameterValues;
import com.prospectdata.webtier.ParameterValues.Malformation;
import com.prospectdata.webtier.WebTierTest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Properties of every parameter of every operation, with requests generated from api/openapi.yaml
 * itself (QuickTheories): values the schema allows are served (200, or 404 for an id that does
 * not exist), and each class of value it does not allow is refused with 400 VALIDATION_ERROR
 * naming the parameter; never a 5xx. Every response passes the web tier's checks as well: JSON,
 * X-Request-Id, and the document's response schema (ContractInvariants, DocumentValidation). A parameter added to the document is
 * covered here without new test code; a kind of schema these generators do not know fails
 * the run.
 *
 * <p>Each property runs with a new random seed; a failure reports the shrunk request and the
 * seed that found it.
 */
class ParameterPropertiesWebTest extends WebTierTest {

    private static final Logger log = LoggerFactory.getLogger(ParameterPropertiesWebTest.class);
    /** Generated requests per operation with only allowed values. */
    private static final int VALID_EXAMPLES = 60;
    /** Generated requests per operation, parameter and class of mistake. */
    private static final int MALFORMED_EXAMPLES = 12;
    /**
     * Simplification steps of a falsified property, each one request: enough to shrink a
     * generated value to a readable one, bounded so a failing run ends in minutes.
     */
    private static final int SHRINK_CYCLES = 200;
    /** What the servlet container says of a path it refuses before any route is matched (a NUL in it, say). */
    private static final String CONTAINER_REFUSAL = "The request is malformed";

    private static final List<DocumentOperation> OPERATIONS = DocumentParameters.apiOperations(OpenApiDocument.resolved());
    private static final ParameterValues VALUES = new ParameterValues(Map.of(
            "prospect_search_id", List.of(Fixture.SEARCH_MAIN, Fixture.SEARCH_EMPTY, Fixture.SEARCH_BRANCHES),
            "company_id", List.of(Fixture.COMPANY_NORDLICHT, Fixture.COMPANY_SEEBLICK, Fixture.COMPANY_ALPENBLICK,
                    Fixture.COMPANY_ORGANIC)));
    private static final AtomicInteger REQUESTS = new AtomicInteger();

    private String propertiesKey;
    private long started;

    /** A key of its own, with a budget for every generated request. */
    @BeforeAll
    void issuePropertiesKey() {
        propertiesKey = issue(Fixture.ORG_OURS, Tier.ENTERPRISE, 1_000_000, List.of("companies:read"), DeploymentEnvironment.TEST);
        started = System.nanoTime();
    }

    @AfterAll
    void report() {
        log.info("{} generated requests in {} s", REQUESTS.get(), (System.nanoTime() - started) / 1_000_000_000);
    }

    /** A request generated for an operation: each parameter's occurrences, before percent-encoding. */
    record GeneratedRequest(DocumentOperation operation, Map<String, List<String>> values, List<String[]> unknown) {

        String pathAndQuery() {
            String path = operation.pathTemplate();
            List<String> query = new ArrayList<>();
            for (DocumentParameter parameter : operation.parameters()) {
                List<String> occurrences = values.get(parameter.name());
                if (occurrences == null) {
                    continue;
                }
                if (parameter.inPath()) {
                    path = path.replace("{" + parameter.name() + "}", encode(occurrences.getFirst()));
                } else {
                    occurrences.forEach(value -> query.add(parameter.name() + "=" + encode(value)));
                }
            }
            unknown.forEach(pair -> query.add(encode(pair[0]) + "=" + encode(pair[1])));
            return query.isEmpty() ? path : path + "?" + String.join("&", query);
        }

        @Override
        public String toString() {
            String text = pathAndQuery();
            return text.length() > 600 ? text.substring(0, 600) + "... (" + text.length() + " characters)" : text;
        }
    }

    /** The required parameters with allowed values, each optional one present half of the time. */
    private static Gen<GeneratedRequest> validRequests(DocumentOperation operation) {
        Gen<Map<String, List<String>>> values = Generate.constant(Map::<String, List<String>>of);
        for (DocumentParameter parameter : operation.parameters()) {
            Gen<Optional<List<String>>> occurrences = parameter.required()
                    ? VALUES.valid(parameter).map(Optional::of)
                    : Generate.booleans().zip(VALUES.valid(parameter), (present, value) -> present ? Optional.of(value) : Optional.empty());
            values = values.zip(occurrences, (sofar, next) -> next.map(value -> with(sofar, parameter.name(), value)).orElse(sofar));
        }
        return values.map(map -> new GeneratedRequest(operation, map, List.of()));
    }

    private static Map<String, List<String>> with(Map<String, List<String>> values, String name, List<String> value) {
        Map<String, List<String>> copy = new LinkedHashMap<>(values);
        copy.put(name, value);
        return copy;
    }

    /** Only the response is validated: the validator reads neither a comma-separated list nor every form RFC 3339 allows. */
    private Answer send(GeneratedRequest request) throws Exception {
        REQUESTS.incrementAndGet();
        return send(callWith(propertiesKey, request.pathAndQuery()).with(DocumentValidation.responseOnly()));
    }

    /** {@link #send(GeneratedRequest)} for QuickTheories' lambdas, which throw nothing checked. */
    private Answer sendUnchecked(GeneratedRequest request) {
        try {
            return send(request);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> allowedValuesOfEveryParameterAreServed() {
        return OPERATIONS.stream().map(operation -> DynamicTest.dynamicTest(operation.operationId(), () ->
                qt().withExamples(VALID_EXAMPLES).withShrinkCycles(SHRINK_CYCLES).forAll(validRequests(operation)).checkAssert(request -> {
                    Answer response = sendUnchecked(request);
                    assertThat(response.status()).as("allowed values of %s: %s: %s", operation, request, response)
                            .isIn(200, 404);
                })));
    }

    /** A query parameter the document does not declare. */
    record UnknownParameter(String name, String value) {

        @Override
        public String toString() {
            return name + "=(" + value.length() + " characters)";
        }
    }

    /**
     * Unknown parameters are ignored, whatever their number and length, and never copied into
     * the page links, which stay within what the container can send.
     */
    @TestFactory
    Stream<DynamicTest> unknownParametersOfAnyLengthAreIgnored() {
        Gen<UnknownParameter> unknown = Generate.range(1, 8).zip(Generate.range(0, 9_000),
                (nameLength, valueLength) -> new UnknownParameter("x_" + "n".repeat(nameLength), "v".repeat(valueLength)));
        return OPERATIONS.stream().map(operation -> DynamicTest.dynamicTest(operation.operationId(), () ->
                qt().withExamples(MALFORMED_EXAMPLES).withShrinkCycles(SHRINK_CYCLES).forAll(validRequests(operation), unknown)
                        .checkAssert((request, extra) -> {
                            GeneratedRequest withUnknown = new GeneratedRequest(operation, request.values(),
                                    List.<String[]>of(new String[] {extra.name(), extra.value()}));
                            Answer response = sendUnchecked(withUnknown);
                            assertThat(response.status()).as("unknown parameter on %s: %s: %s", operation, withUnknown,
                                    response).isIn(200, 404);
                            assertThat(Optional.ofNullable(response.header("Link")).orElse(""))
                                    .as("unknown parameter on %s: the links of %s", operation, withUnknown).doesNotContain(extra.name());
                        })));
    }

    @TestFactory
    Stream<DynamicTest> everyClassOfMalformedValueIsRefusedNamingItsParameter() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Malformation malformation : Malformation.values()) {
            for (DocumentOperation operation : OPERATIONS) {
                for (DocumentParameter parameter : operation.parameters()) {
                    String label = malformation + " " + operation.operationId() + " " + parameter.name();
                    VALUES.malformed(parameter, malformation).ifPresent(malformed -> tests.add(DynamicTest.dynamicTest(
                            label, () -> refusesEvery(label, operation, parameter, malformed))));
                }
            }
        }
        return tests.stream();
    }

    /** The other parameters valid, this one malformed: a 400 that names it. */
    private void refusesEvery(String label, DocumentOperation operation, DocumentParameter parameter,
                              Gen<List<String>> malformed) {
        Gen<GeneratedRequest> requests = validRequests(operation).zip(malformed, (request, value) ->
                new GeneratedRequest(operation, with(request.values(), parameter.name(), value), List.of()));
        qt().withExamples(MALFORMED_EXAMPLES).withShrinkCycles(SHRINK_CYCLES).forAll(requests).checkAssert(request -> {
            Answer response = sendUnchecked(request);
            assertThat(response.status()).as("%s: %s: %s", label, request, response).isEqualTo(400);
            JsonNode body = response.json();
            assertThat(body.get("error").stringValue()).as("%s: %s", label, request).isEqualTo("VALIDATION_ERROR");
            String message = body.get("message").stringValue();
            if (parameter.inPath() && message.startsWith(CONTAINER_REFUSAL)) {
                return; // refused by the servlet container before any parameter could be named
            }
            assertThat(message).as("%s: %s: the message names the parameter", label, request).contains(parameter.name() + " ");
        });
    }
}
