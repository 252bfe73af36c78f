package com.prospectdata.apidocs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.schema.CoreSchema;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The published OpenAPI document as the jar carries it (server/pom.xml copies api/openapi.yaml
 * there unchanged), and the same document as JSON, converted once: partners' tools ask for
 * either, and both must be exactly the contract the server was built from.
 */
record PublishedContract(byte[] yaml, byte[] json) {

    static final String LOCATION = "static-contract/openapi.yaml";

    static PublishedContract fromClasspath() {
        byte[] yaml = ClasspathBytes.read(LOCATION);
        return new PublishedContract(yaml, toJson(yaml));
    }

    /**
     * YAML 1.2 with its core schema, as OpenAPI 3.0.3 says: {@code yes} and {@code 2026-11-21}
     * stay strings, {@code ~} is null, {@code 0o17} is 15. Duplicate keys fail start-up.
     */
    static byte[] toJson(byte[] yaml) {
        Object document = new Load(LoadSettings.builder().setSchema(new CoreSchema()).build())
                .loadFromString(new String(yaml, StandardCharsets.UTF_8));
        JsonMapper json = JsonMapper.builder().build();
        JsonNode tree = json.valueToTree(document);
        return json.writerWithDefaultPrettyPrinter().writeValueAsBytes(tree);
    }

    /** Classpath resources read whole, failing start-up when one the build should have packed is missing. */
    static final class ClasspathBytes {

        private ClasspathBytes() {
        }

        static byte[] read(String location) {
            try (InputStream in = PublishedContract.class.getClassLoader().getResourceAsStream(location)) {
                if (in == null) {
                    throw new IllegalStateException(location + " is not on the classpath: the build packs it into the jar");
                }
                return in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("Could not read " + location, e);
            }
        }
    }
}
