package com.prospectdata.contract.compat;

import com.prospectdata.contract.support.Api;
import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.core.models.ParseOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.openapitools.openapidiff.core.OpenApiCompare;
import org.openapitools.openapidiff.core.compare.OpenApiDiffOptions;
import org.openapitools.openapidiff.core.model.BackwardIncompatibleProp;
import org.openapitools.openapidiff.core.model.Changed;
import org.openapitools.openapidiff.core.model.ChangedOpenApi;
import org.openapitools.openapidiff.core.model.ChangedOperation;

/**
 * The compatibility gate's judgement, as build/compatibility-gate.groovy makes it: openapi-diff
 * with the rules of api/openapi-diff-rules.yaml, documents read by {@link OpenApiCompare}, and
 * the same list of what breaks. If the two drift apart, this test proves nothing about the gate.
 */
final class CompatibilityRules {

    private CompatibilityRules() {
    }

    /** api/, found from the working document the contract tests use (system property contract.openapi). */
    static Path apiDirectory() {
        return Api.documentPath().getParent();
    }

    static Path releasedDocument() {
        return apiDirectory().resolve("released/v1.yaml");
    }

    static Path workingDocument() {
        return apiDirectory().resolve("openapi.yaml");
    }

    static Path rulesFile() {
        return apiDirectory().resolve("openapi-diff-rules.yaml");
    }

    static OpenApiDiffOptions rules() {
        return rules(rulesFile());
    }

    static OpenApiDiffOptions rules(Path file) {
        return OpenApiDiffOptions.builder().configYaml(file.toFile()).build();
    }

    /**
     * Keys of the rules that are none of openapi-diff's: it would ignore them without a word
     * (a flat "a.b.c: true" is one such key, read as a single name with dots in it).
     */
    static List<String> unknownRules(OpenApiDiffOptions options) {
        List<Pattern> known = Arrays.stream(BackwardIncompatibleProp.values())
                .map(rule -> Pattern.compile(Pattern.quote(rule.getPropertyName()).replace("%s", "\\E[^.]+\\Q")))
                .toList();
        Iterable<String> keys = options.getConfig()::getKeys;
        return StreamSupport.stream(keys.spliterator(), false)
                .filter(key -> known.stream().noneMatch(rule -> rule.matcher(key).matches()))
                .toList();
    }

    static ChangedOpenApi compare(String releasedYaml, String changedYaml, OpenApiDiffOptions options) {
        return OpenApiCompare.fromContents(releasedYaml, changedYaml, null, options);
    }

    static ChangedOpenApi compareFiles(Path released, Path changed) {
        return OpenApiCompare.fromLocations(released.toString(), changed.toString(), null, rules());
    }

    /** What the parser finds wrong in a document, read the way OpenApiCompare reads it. */
    static List<String> parserMessages(String yaml) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        List<String> messages = new OpenAPIParser().readContents(yaml, null, options).getMessages();
        return messages == null ? List.of() : messages;
    }

    /** Each breaking change as the gate prints it: "GET /path: removed" or "GET /path: parameters, responses". */
    static List<String> breaks(ChangedOpenApi diff) {
        List<String> breaks = new ArrayList<>();
        diff.getMissingEndpoints().forEach(endpoint ->
                breaks.add(endpoint.getMethod() + " " + endpoint.getPathUrl() + ": removed"));
        for (ChangedOperation operation : diff.getChangedOperations()) {
            if (!operation.isIncompatible()) {
                continue;
            }
            Map<String, Changed> parts = new LinkedHashMap<>();
            parts.put("operationId", operation.getOperationId());
            parts.put("parameters", operation.getParameters());
            parts.put("request body", operation.getRequestBody());
            parts.put("responses", operation.getApiResponses());
            parts.put("security", operation.getSecurityRequirements());
            List<String> broken = parts.entrySet().stream()
                    .filter(part -> part.getValue() != null && part.getValue().isIncompatible())
                    .map(Map.Entry::getKey)
                    .toList();
            breaks.add(operation.getHttpMethod() + " " + operation.getPathUrl() + ": "
                    + (broken.isEmpty() ? "see the report" : String.join(", ", broken)));
        }
        return breaks;
    }
}
