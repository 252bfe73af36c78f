package com.prospectdata.testing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** JSON as the wire has it: decimals are kept exactly (BigDecimal), so "4.29" stays 4.29. */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private Json() {
    }

    public static JsonNode parse(String text) {
        return MAPPER.readTree(text);
    }

    public static JsonNode parse(byte[] bytes) {
        return MAPPER.readTree(bytes);
    }

    /** The media type of an export: one JSON document per line, each line ended by a line feed. */
    public static final String NDJSON = "application/x-ndjson";

    /**
     * The JSON documents of a body: each line of an {@link #NDJSON} body, or the whole of any other.
     * A document that is not JSON is handed to {@code notJson} with what the parser said, and left out.
     */
    public static List<JsonNode> documents(byte[] body, boolean ndjson, BiConsumer<String, String> notJson) {
        List<JsonNode> documents = new ArrayList<>();
        String text = new String(body, StandardCharsets.UTF_8);
        for (String document : ndjson ? (text.isEmpty() ? new String[0] : text.split("\n")) : new String[] {text}) {
            try {
                documents.add(parse(document.getBytes(StandardCharsets.UTF_8)));
            } catch (JacksonException e) {
                notJson.accept(document, e.getOriginalMessage());
            }
        }
        return documents;
    }

    public static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** Equality of two JSON values in which numbers are compared by value (9.2 equals 9.20). */
    public static boolean sameValue(JsonNode a, JsonNode b) {
        return a.equals((x, y) -> x.isNumber() && y.isNumber()
                ? x.decimalValue().compareTo(y.decimalValue())
                : x.equals(y) ? 0 : 1, b);
    }

    /** The string values of one field of every element of an array. */
    public static List<String> strings(JsonNode array, String field) {
        List<String> values = new ArrayList<>();
        array.forEach(element -> values.add(element.get(field).stringValue()));
        return values;
    }

    /** Calls {@code visitor} with the JSON pointer and value of every node of the tree. */
    public static void walk(JsonNode node, BiConsumer<String, JsonNode> visitor) {
        walk("", node, visitor);
    }

    private static void walk(String pointer, JsonNode node, BiConsumer<String, JsonNode> visitor) {
        visitor.accept(pointer.isEmpty() ? "/" : pointer, node);
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                walk(pointer + "/" + property.getKey(), property.getValue(), visitor);
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(pointer + "/" + i, node.get(i), visitor);
            }
        }
    }
}
