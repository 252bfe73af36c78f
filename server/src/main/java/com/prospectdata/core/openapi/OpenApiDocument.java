package com.prospectdata.core.openapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * The published OpenAPI document as the jar carries it (server/pom.xml copies api/openapi.yaml
 * there unchanged): its exact bytes, and its tree. The server reads its own contract from here,
 * so what it serves, what it checks and what it was generated from cannot differ.
 */
public final class OpenApiDocument {

    public static final String LOCATION = "static-contract/openapi.yaml";

    private final byte[] yaml;
    private final Map<String, Object> tree;

    private OpenApiDocument(byte[] yaml, Map<String, Object> tree) {
        this.yaml = yaml;
        this.tree = tree;
    }

    public static OpenApiDocument fromClasspath() {
        return of(classpathBytes(LOCATION));
    }

    public static OpenApiDocument of(byte[] yaml) {
        return new OpenApiDocument(yaml.clone(), asMap(parse(yaml), "the document"));
    }

    /**
     * YAML 1.2 with its core schema, as OpenAPI 3.0.3 says: {@code yes} and {@code 2026-11-21}
     * stay strings, {@code ~} is null, {@code 0o17} is 15. Duplicate keys are refused.
     */
    public static Object parse(byte[] yaml) {
        return new Load(LoadSettings.builder().setSchema(new CoreSchema()).build())
                .loadFromString(new String(yaml, StandardCharsets.UTF_8));
    }

    public byte[] yaml() {
        return yaml.clone();
    }

    public Map<String, Object> tree() {
        return tree;
    }

    /**
     * The node a local reference names ({@code #/components/parameters/Offset}), or the node
     * itself when it is not a {@code $ref}.
     */
    public Map<String, Object> resolve(Map<String, Object> node) {
        Object reference = node.get("$ref");
        if (!(reference instanceof String pointer)) {
            return node;
        }
        if (!pointer.startsWith("#/")) {
            throw new IllegalStateException("Only local references are supported in " + LOCATION + ": " + pointer);
        }
        Object target = tree;
        for (String part : pointer.substring(2).split("/")) {
            String key = part.replace("~1", "/").replace("~0", "~");
            target = asMap(target, pointer).get(key);
            if (target == null) {
                throw new IllegalStateException(LOCATION + " refers to " + pointer + ", which it does not define");
            }
        }
        return resolve(asMap(target, pointer));
    }

    @SuppressWarnings("unchecked")
    public static Map<String, Object> asMap(Object node, String where) {
        if (node instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw new IllegalStateException(where + " in " + LOCATION + " is not a mapping");
    }

    @SuppressWarnings("unchecked")
    public static List<Object> asList(Object node, String where) {
        if (node == null) {
            return List.of();
        }
        if (node instanceof List<?> list) {
            return (List<Object>) list;
        }
        throw new IllegalStateException(where + " in " + LOCATION + " is not a sequence");
    }

    /** A classpath resource read whole, failing start-up when one the build should have packed is missing. */
    public static byte[] classpathBytes(String location) {
        try (InputStream in = OpenApiDocument.class.getClassLoader().getResourceAsStream(location)) {
            if (in == null) {
                throw new IllegalStateException(location + " is not on the classpath: the build packs it into the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read " + location, e);
        }
    }
}
