package com.prospectdata.features.apidocs;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.core.openapi.OpenApiDocument;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class PublishedContractTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void theJarCarriesApiOpenapiYamlUnchanged() throws Exception {
        PublishedContract contract = PublishedContract.of(OpenApiDocument.fromClasspath());

        assertThat(contract.yaml()).isEqualTo(Files.readAllBytes(Path.of("../api/openapi.yaml")));
        assertThat(JSON.readTree(contract.json()).path("paths").has("/health")).isTrue();
    }

    /** OpenAPI 3.0.3 documents are YAML 1.2: its core schema, no YAML 1.1 booleans or timestamps. */
    @Test
    void theJsonKeepsWhatYaml12Says() {
        String yaml = """
                openapi: 3.0.3
                words: [yes, no, on, off, y, n]
                booleans: [true, false]
                date: 2026-11-21
                timestamp: 2026-11-21T10:15:30Z
                numbers: [7, -3, 4.29, 1e3]
                octal: 0o17
                leading_zero: 0017
                nothing: null
                tilde: ~
                quoted: '200'
                responses:
                  '200': {description: ok}
                  404: {description: missing}
                text: |
                  two
                  lines
                """;

        JsonNode json = JSON.readTree(PublishedContract.toJson(yaml.getBytes(StandardCharsets.UTF_8)));

        assertThat(json.get("words").toString()).isEqualTo("[\"yes\",\"no\",\"on\",\"off\",\"y\",\"n\"]");
        assertThat(json.get("booleans").toString()).isEqualTo("[true,false]");
        assertThat(json.get("date").isString()).isTrue();
        assertThat(json.get("date").stringValue()).isEqualTo("2026-11-21");
        assertThat(json.get("timestamp").stringValue()).isEqualTo("2026-11-21T10:15:30Z");
        assertThat(json.get("numbers").toString()).isEqualTo("[7,-3,4.29,1000.0]");
        assertThat(json.get("octal").intValue()).isEqualTo(15);
        assertThat(json.get("leading_zero").intValue()).isEqualTo(17);
        assertThat(json.get("nothing").isNull()).isTrue();
        assertThat(json.get("tilde").isNull()).isTrue();
        assertThat(json.get("quoted").isString()).isTrue();
        assertThat(json.get("responses").propertyNames()).containsExactly("200", "404");
        assertThat(json.get("text").stringValue()).isEqualTo("two\nlines\n");
    }
}
