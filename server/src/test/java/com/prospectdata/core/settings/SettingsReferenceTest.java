package com.prospectdata.core.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The README's Configuration table is the operators' reference: it must list every setting the
 * records declare (as the configuration processor wrote them into the metadata), with the
 * records' defaults, and nothing they do not declare.
 */
class SettingsReferenceTest {

    private static final Path README = Path.of("..", "README.md");

    private static JsonNode metadata() throws IOException {
        try (InputStream in = SettingsReferenceTest.class.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("the configuration processor ran").isNotNull();
            return JsonMapper.builder().build().readTree(in);
        }
    }

    private static List<String> configurationRows() throws IOException {
        String readme = Files.readString(README);
        int start = readme.indexOf("## Configuration");
        int end = readme.indexOf("\n## ", start + 1);
        return readme.substring(start, end).lines().filter(line -> line.startsWith("| `")).toList();
    }

    /** Ours: every app.* setting and the one Spring-named setting only our code reads. */
    private static boolean ours(String name) {
        return name.startsWith("app.") || name.equals("spring.data.redis.url");
    }

    @Test
    void everySettingOfTheRecordsIsListedWithItsDefault() throws IOException {
        List<String> rows = configurationRows();
        List<String> declared = new ArrayList<>();
        for (JsonNode property : metadata().get("properties")) {
            String name = property.get("name").stringValue();
            if (!ours(name)) {
                continue;
            }
            declared.add(name);
            String listed = name.equals("app.plans") ? "`app.plans.<tier>`" : "`" + name + "`";
            List<String> matching = rows.stream().filter(row -> row.contains(listed)).toList();
            assertThat(matching).as("README row of %s", name).hasSize(1);
            JsonNode defaultValue = property.get("defaultValue");
            if (defaultValue != null) {
                List<String> values = new ArrayList<>();
                if (defaultValue.isArray()) {
                    defaultValue.forEach(value -> values.add(value.asString()));
                } else {
                    values.add(defaultValue.asString());
                }
                // The processor writes a list's default as "[a, b]"; the README as `a,b`, as it is set.
                String text = String.join(",", values).replaceAll("^\\[(.*)]$", "$1").replace(", ", ",");
                String defaultCell = matching.getFirst().split("\\|")[2];
                assertThat(defaultCell).as("README default of %s", name).contains("`" + text + "`");
            }
        }
        assertThat(declared).as("settings declared by the records").hasSizeGreaterThan(15);
    }

    @Test
    void theReadmeListsNoSettingTheRecordsDoNotDeclare() throws IOException {
        List<String> declared = new ArrayList<>();
        metadata().get("properties").forEach(property -> declared.add(property.get("name").stringValue()));
        for (String row : configurationRows()) {
            for (String name : row.split("\\|")[1].split("`")) {
                if (name.startsWith("app.")) {
                    assertThat(declared).as("README lists %s", name).contains(name.replace(".<tier>", ""));
                }
            }
        }
    }
}
