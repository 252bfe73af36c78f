package com.prospectdata.core.settings;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The settings' metadata that the configuration processor writes at build time into every jar
 * of Spring Boot and into ours ({@code META-INF/spring-configuration-metadata.json}): which
 * settings exist, of which type, bound by which class. Reading it costs a fraction of scanning
 * the classes for the same answer, which every command would pay at start.
 */
final class ConfigurationMetadata {

    private static final String LOCATION = "META-INF/spring-configuration-metadata.json";

    private ConfigurationMetadata() {
    }

    /** A setting, or a group of settings bound by one class ({@code sourceMethod} empty when bound by the class itself). */
    record Entry(String name, String type, String sourceType, String sourceMethod) {
    }

    /**
     * The entries of one section ({@code groups} or {@code properties}) of every metadata file
     * that mentions {@code mentioning}, kept when {@code wanted}.
     */
    static List<Entry> read(String section, String mentioning, Predicate<Entry> wanted) {
        ClassLoader loader = ConfigurationMetadata.class.getClassLoader();
        JsonMapper json = JsonMapper.builder().build();
        List<Entry> entries = new ArrayList<>();
        try {
            Enumeration<URL> files = loader.getResources(LOCATION);
            while (files.hasMoreElements()) {
                byte[] bytes;
                try (InputStream in = files.nextElement().openStream()) {
                    bytes = in.readAllBytes();
                }
                // Most jars' files hold nothing asked for: a text search is cheaper than parsing them.
                if (!new String(bytes, StandardCharsets.UTF_8).contains(mentioning)) {
                    continue;
                }
                for (JsonNode node : json.readTree(bytes).path(section)) {
                    Entry entry = new Entry(node.path("name").asString(""), node.path("type").asString(""),
                            node.path("sourceType").asString(""), node.path("sourceMethod").asString(""));
                    if (wanted.test(entry)) {
                        entries.add(entry);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the settings' metadata (" + LOCATION + ") cannot be read", e);
        }
        return entries;
    }
}
