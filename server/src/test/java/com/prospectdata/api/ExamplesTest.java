package com.prospectdata.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.prospectdata.webtier.OpenApiDocument;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The examples of api/openapi.yaml are true: every schema, parameter, header and response body
 * has one, and each is valid against its schema under the JSON-schema validation that checks
 * every real response of both test tiers (swagger-request-validator, with the document read as
 * the validators read it: references resolved, allOf merged, undeclared properties refused).
 * Partners see these examples in the reference and in their generated clients; one that the
 * server could never send would mislead them. No server is needed: the document on the class
 * path is enough.
 */
class ExamplesTest {

    private static OpenAPI load() {
        return OpenApiDocument.resolved();
    }

    @Test
    void everySchemaParameterHeaderAndResponseBodyHasAnExample() {
        Examples examples = Examples.of(load());

        assertThat(examples.missing).as("places of api/openapi.yaml without an example").isEmpty();
        // The walk itself must have reached the document, or an empty list above proves nothing.
        assertThat(examples.found).extracting(Found::where)
                .contains("components/schemas/Company", "components/parameters/Offset", "components/headers/ETag",
                        "components/responses/TooManyRequests application/json",
                        "GET /api/v1/companies/{company_id}/jobs response 200 application/json",
                        "GET /api/v1/companies/ parameter limit");
    }

    @Test
    void everyExampleIsValidAgainstItsSchema() {
        OpenAPI api = load();

        assertThat(invalid(api)).as("examples of api/openapi.yaml that their schema refuses").isEmpty();
    }

    /** One example broken in a freshly loaded copy of the document, and the place it must be reported at. */
    static Stream<Arguments> brokenExamples() {
        return Stream.<Arguments>of(
                broken("components/schemas/Company", api ->
                        ((ObjectNode) api.getComponents().getSchemas().get("Company").getExample()).put("match_score", 11)),
                broken("components/schemas/Company", api ->
                        ((ObjectNode) api.getComponents().getSchemas().get("Company").getExample()).put("fax", "+49 40 1")),
                broken("components/parameters/Offset", api ->
                        api.getComponents().getParameters().get("Offset").setExample(-1)),
                broken("components/headers/ETag", api ->
                        api.getComponents().getHeaders().get("ETag").setExample("0458dce6495cb1032be72c2f8ecfa361f")),
                broken("components/headers/X-RateLimit-Limit", api ->
                        api.getComponents().getHeaders().get("X-RateLimit-Limit").setExample("a thousand")),
                broken("components/responses/TooManyRequests application/json", api ->
                        ((ObjectNode) api.getComponents().getResponses().get("TooManyRequests").getContent()
                                .get("application/json").getExample()).remove("retry_after")));
    }

    private static Arguments broken(String where, Consumer<OpenAPI> breakIt) {
        return Arguments.of(where, breakIt);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("brokenExamples")
    void aBrokenExampleIsReportedWhereItIs(String where, Consumer<OpenAPI> breakIt) {
        OpenAPI api = load();
        assertThat(invalid(api)).as("the document as it is").isEmpty();

        breakIt.accept(api);

        assertThat(invalid(api)).anySatisfy(problem -> assertThat(problem).startsWith(where + ": "));
    }

    @Test
    void aMissingExampleIsReportedWhereItIs() {
        OpenAPI api = load();
        api.getComponents().getSchemas().get("Job").setExample(null);
        api.getComponents().getHeaders().get("Link").setExample(null);
        api.getComponents().getParameters().get("Search").setExample(null);
        api.getComponents().getResponses().get("BadRequest").getContent().get("application/json").setExample(null);

        assertThat(Examples.of(api).missing).contains("components/schemas/Job", "components/headers/Link",
                "components/parameters/Search", "components/responses/BadRequest application/json");
    }

    /** Every example that its schema refuses, as "where: what is wrong (the example)". */
    private static List<String> invalid(OpenAPI api) {
        SchemaValidator validator = new SchemaValidator(api, new MessageResolver(LevelResolver.create().build()));
        List<String> problems = new ArrayList<>();
        for (Found found : Examples.of(api).found) {
            if (found.schema() != null && "binary".equals(found.schema().getFormat())) {
                // The export's NDJSON: its example is text, each line a Company.
                String text = found.value() instanceof byte[] bytes ? new String(bytes, java.nio.charset.StandardCharsets.UTF_8)
                        : String.valueOf(found.value());
                for (String line : text.split("\n")) {
                    JsonNode parsed;
                    try {
                        parsed = Json.mapper().readTree(line);
                    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                        problems.add(found.where() + ": a line is not JSON (" + line + ")");
                        continue;
                    }
                    ValidationReport report = validator.validate(() -> parsed,
                            api.getComponents().getSchemas().get("Company"), "example");
                    if (report.hasErrors()) {
                        problems.add(found.where() + ": a line is not a Company: " + report.getMessages() + " (" + line + ")");
                    }
                }
                continue;
            }
            JsonNode value = Json.mapper().valueToTree(found.value());
            if (found.schema() == null) {
                problems.add(found.where() + ": an example without a schema (" + value + ")");
                continue;
            }
            // The JSON value itself: the validator's String variant would read a string example as raw text.
            ValidationReport report = validator.validate(() -> value, found.schema(), "example");
            if (report.hasErrors()) {
                problems.add(found.where() + ": " + report.getMessages().stream()
                        .filter(message -> message.getLevel() == ValidationReport.Level.ERROR)
                        .map(ValidationReport.Message::getMessage)
                        .collect(Collectors.joining("; ")) + " (" + value + ")");
            }
        }
        return problems;
    }

    /** An example and the schema it must satisfy. */
    record Found(String where, Object value, Schema<?> schema) {
    }

    /**
     * The places of a document that must have an example (missing: those without one) and the
     * examples it has, each named by where it is: components first, then each operation, whose
     * parameters and responses are mostly the components again, resolved in place.
     */
    private static final class Examples {

        final List<String> missing = new ArrayList<>();
        final List<Found> found = new ArrayList<>();
        private final OpenAPI api;
        // A schema reached again through another one (Company inside CompanyList) is checked once.
        private final Set<Schema<?>> seenSchemas = Collections.newSetFromMap(new IdentityHashMap<>());

        private Examples(OpenAPI api) {
            this.api = api;
        }

        static Examples of(OpenAPI api) {
            Examples examples = new Examples(api);
            examples.walk();
            return examples;
        }

        private void walk() {
            var components = api.getComponents();
            each(components.getSchemas(), (name, schema) -> schema("components/schemas/" + name, schema, true));
            each(components.getParameters(), (name, parameter) -> parameter("components/parameters/" + name, parameter));
            each(components.getHeaders(), (name, header) -> header("components/headers/" + name, header));
            each(components.getResponses(), (name, response) -> response("components/responses/" + name, response));
            each(api.getPaths(), (path, item) -> {
                for (Map.Entry<PathItem.HttpMethod, Operation> entry : item.readOperationsMap().entrySet()) {
                    String operation = entry.getKey() + " " + path;
                    for (Parameter parameter : nullToEmpty(entry.getValue().getParameters())) {
                        Parameter resolved = resolve(parameter);
                        parameter(operation + " parameter " + resolved.getName(), resolved);
                    }
                    each(entry.getValue().getResponses(),
                            (status, response) -> response(operation + " response " + status, response));
                }
            });
        }

        private void schema(String where, Schema<?> schema, boolean exampleRequired) {
            if (schema == null || !seenSchemas.add(schema)) {
                return;
            }
            if (schema.getExample() != null) {
                found.add(new Found(where, schema.getExample(), schema));
            } else if (exampleRequired) {
                missing.add(where);
            }
            // Examples of nested schemas are not required, but the ones written must be true too.
            each(schema.getProperties(), (name, property) -> schema(where + "/properties/" + name, property, false));
            schema(where + "/items", schema.getItems(), false);
            if (schema.getAdditionalProperties() instanceof Schema<?> values) {
                schema(where + "/additionalProperties", values, false);
            }
            for (List<Schema> parts : Arrays.asList(schema.getAllOf(), schema.getAnyOf(), schema.getOneOf())) {
                int index = 0;
                for (Schema<?> part : nullToEmpty(parts)) {
                    schema(where + "/part" + index++, part, false);
                }
            }
        }

        private void parameter(String where, Parameter parameter) {
            Parameter resolved = resolve(parameter);
            examples(where, resolved.getExample(), resolved.getExamples(), resolved.getSchema());
        }

        private void header(String where, Header header) {
            Header resolved = header.get$ref() == null ? header : api.getComponents().getHeaders().get(refName(header.get$ref()));
            examples(where, resolved.getExample(), resolved.getExamples(), resolved.getSchema());
        }

        private void response(String where, ApiResponse response) {
            ApiResponse resolved = response.get$ref() == null ? response
                    : api.getComponents().getResponses().get(refName(response.get$ref()));
            each(resolved.getHeaders(), (name, header) -> header(where + " header " + name, header));
            // A response without content (304) has no body to give an example of.
            each(resolved.getContent(), (type, media) -> media(where + " " + type, media));
        }

        private void media(String where, MediaType media) {
            examples(where, media.getExample(), media.getExamples(), media.getSchema());
        }

        /** An example, or named examples, one of which is required. */
        private void examples(String where, Object example, Map<String, Example> named, Schema<?> schema) {
            if (example == null && (named == null || named.isEmpty())) {
                missing.add(where);
                return;
            }
            if (example != null) {
                found.add(new Found(where, example, schema));
            }
            each(named, (name, value) -> found.add(new Found(where + " example " + name, value.getValue(), schema)));
        }

        private Parameter resolve(Parameter parameter) {
            return parameter.get$ref() == null ? parameter
                    : api.getComponents().getParameters().get(refName(parameter.get$ref()));
        }

        private static String refName(String ref) {
            return ref.substring(ref.lastIndexOf('/') + 1);
        }

        private static <K, V> void each(Map<K, V> map, java.util.function.BiConsumer<K, V> action) {
            if (map != null) {
                map.forEach(action);
            }
        }

        private static <T> List<T> nullToEmpty(List<T> list) {
            return list == null ? List.of() : list;
        }
    }
}
