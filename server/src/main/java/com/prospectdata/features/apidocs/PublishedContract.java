package com.prospectdata.features.apidocs;

import com.prospectdata.core.openapi.OpenApiDocument;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The published OpenAPI document in the two forms partners' tools ask for: its exact bytes, and
 * the same document as JSON, converted once. Both must be exactly the contract the server was
 * built from.
 */
record PublishedContract(byte[] yaml, byte[] json) {

    static PublishedContract of(OpenApiDocument document) {
        return new PublishedContract(document.yaml(), toJson(document.tree()));
    }

    /** The document read as YAML 1.2 (see {@link OpenApiDocument#parse}), written as JSON. */
    static byte[] toJson(byte[] yaml) {
        return toJson(OpenApiDocument.parse(yaml));
    }

    private static byte[] toJson(Object document) {
        JsonMapper json = JsonMapper.builder().build();
        JsonNode tree = json.valueToTree(document);
        return json.writerWithDefaultPrettyPrinter().writeValueAsBytes(tree);
    }
}
