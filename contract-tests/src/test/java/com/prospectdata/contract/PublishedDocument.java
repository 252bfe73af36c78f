package com.prospectdata.contract;

import com.prospectdata.contract.support.Api;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.schema.CoreSchema;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * api/openapi.yaml (system property {@code contract.openapi}) as these tests read it: the bytes,
 * and the tree that YAML 1.2 with its core schema (the YAML OpenAPI 3.0.3 names) gives them.
 */
final class PublishedDocument {

    /** One operation of the document: its path and method, and its parameters with references resolved. */
    record Operation(String path, String method, String operationId, List<JsonNode> parameters, List<JsonNode> responses) {
    }

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private PublishedDocument() {
    }

    static byte[] bytes() {
        try {
            return Files.readAllBytes(Api.documentPath());
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + Api.documentPath(), e);
        }
    }

    static JsonNode tree() {
        Object yaml = new Load(LoadSettings.builder().setSchema(new CoreSchema()).build())
                .loadFromString(new String(bytes(), StandardCharsets.UTF_8));
        return MAPPER.valueToTree(yaml);
    }

    /** Every operation, in document order. */
    static List<Operation> operations(JsonNode document) {
        List<Operation> operations = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : document.get("paths").properties()) {
            JsonNode pathItem = resolve(document, path.getValue());
            for (Map.Entry<String, JsonNode> entry : pathItem.properties()) {
                if (!List.of("get", "put", "post", "delete", "options", "head", "patch", "trace").contains(entry.getKey())) {
                    continue;
                }
                JsonNode operation = entry.getValue();
                // Operation parameters override path-level ones of the same name and location.
                Map<String, JsonNode> parameters = new LinkedHashMap<>();
                for (JsonNode level : List.of(pathItem.path("parameters"), operation.path("parameters"))) {
                    for (JsonNode parameter : level) {
                        JsonNode resolved = resolve(document, parameter);
                        parameters.put(resolved.get("in").stringValue() + ":" + resolved.get("name").stringValue(), resolved);
                    }
                }
                List<JsonNode> responses = new ArrayList<>();
                operation.path("responses").forEach(response -> responses.add(resolve(document, response)));
                operations.add(new Operation(path.getKey(), entry.getKey(), operation.get("operationId").stringValue(),
                        List.copyOf(parameters.values()), responses));
            }
        }
        return operations;
    }

    /**
     * The top-level property names a response's JSON body declares, allOf parts merged: what a
     * reader of the reference sees listed for that response.
     */
    static List<String> bodyProperties(JsonNode document, JsonNode response) {
        JsonNode schema = response.path("content").path("application/json").path("schema");
        List<String> names = new ArrayList<>();
        collectProperties(document, schema, names);
        return names;
    }

    private static void collectProperties(JsonNode document, JsonNode schema, List<String> names) {
        if (schema.isMissingNode()) {
            return;
        }
        JsonNode resolved = resolve(document, schema);
        resolved.path("properties").propertyNames().forEach(name -> {
            if (!names.contains(name)) {
                names.add(name);
            }
        });
        resolved.path("allOf").forEach(part -> collectProperties(document, part, names));
    }

    /** The node itself, or what its local {@code $ref} ({@code #/...}) points to, followed to the end. */
    static JsonNode resolve(JsonNode document, JsonNode node) {
        JsonNode current = node;
        for (int hops = 0; current.has("$ref"); hops++) {
            String reference = current.get("$ref").stringValue();
            if (!reference.startsWith("#/") || hops > 20) {
                throw new IllegalStateException("Only local, acyclic references are expected in the document: " + reference);
            }
            current = document.at(reference.substring(1));
            if (current.isMissingNode()) {
                throw new IllegalStateException("Dangling reference in the document: " + reference);
            }
        }
        return current;
    }
}
