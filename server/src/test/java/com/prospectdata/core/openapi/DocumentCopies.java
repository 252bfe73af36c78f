package com.prospectdata.core.openapi;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;

/**
 * Copies of the document the jar carries with an operation added or changed, for the tests that
 * show a step of the pipeline honouring what the document declares rather than a list in Java.
 */
public final class DocumentCopies {

    /** The path of the operation {@link #withThings} adds. */
    public static final String THINGS = "/api/v1/companies/{company_id}/things";

    private DocumentCopies() {
    }

    /**
     * The document with {@code GET} {@link #THINGS} ({@code listCompanyThings}) added: a list
     * that needs {@code companies:read} and {@code things:read}, costs 5 tokens, is versioned as
     * given, and is heavy when its {@code q} is not blank.
     */
    public static OpenApiDocument withThings(boolean versioned) {
        Map<String, Object> operation = new LinkedHashMap<>();
        operation.put("operationId", "listCompanyThings");
        operation.put("x-required-scopes", List.of("companies:read", "things:read"));
        operation.put("x-versioned", versioned);
        operation.put("x-work-kind", "list");
        operation.put("x-heavy-when", Map.of("q", "non-blank"));
        operation.put("x-rate-limit-cost", 5);
        operation.put("parameters", List.of(
                Map.of("$ref", "#/components/parameters/CompanyId"),
                Map.of("name", "q", "in", "query", "schema", Map.of("type", "string"))));
        operation.put("responses", Map.of("200", Map.of("description", "Things")));
        return with(document -> paths(document).put(THINGS, Map.of("get", operation)));
    }

    /** The document with one operation's extension set to {@code value}, or removed for null. */
    public static OpenApiDocument withTrait(String operationId, String extension, Object value) {
        return with(document -> paths(document).values().forEach(item -> asMap(item).values().forEach(node -> {
            Map<String, Object> operation = asMap(node);
            if (operationId.equals(operation.get("operationId"))) {
                if (value == null) {
                    operation.remove(extension);
                } else {
                    operation.put(extension, value);
                }
            }
        })));
    }

    private static OpenApiDocument with(Consumer<Map<String, Object>> change) {
        Map<String, Object> tree = deepCopy(OpenApiDocument.fromClasspath().tree());
        change.accept(tree);
        String yaml = new Dump(DumpSettings.builder().build()).dumpToString(tree);
        return OpenApiDocument.of(yaml.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, Object> paths(Map<String, Object> document) {
        return asMap(document.get("paths"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object node) {
        return (Map<String, Object>) node;
    }

    @SuppressWarnings("unchecked")
    private static <T> T deepCopy(T node) {
        if (node instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((key, value) -> copy.put(key, deepCopy(value)));
            return (T) copy;
        }
        if (node instanceof List<?> list) {
            return (T) list.stream().map(DocumentCopies::deepCopy).toList();
        }
        return node;
    }
}
