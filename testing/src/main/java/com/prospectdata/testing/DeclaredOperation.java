package com.prospectdata.testing;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An operation of api/openapi.yaml and the statuses it declares, as {@link DeclaredStatusCoverage}
 * and the server's EveryOperationImplementedTest read them.
 *
 * @param method       {@code GET}, in capitals
 * @param pathTemplate the path as the document writes it, e.g. {@code /api/v1/companies/{company_id}}
 * @param operationId  its operationId ({@code METHOD template} for an operation without one)
 * @param statuses     the statuses it declares, in ascending order
 */
public record DeclaredOperation(String method, String pathTemplate, String operationId, List<String> statuses) {

    private static final Pattern TEMPLATE_PARAMETER = Pattern.compile("\\{[^}/]+}");
    /** Each template's pattern, made once: every response of a run is matched against every operation. */
    private static final Map<String, Pattern> PATH_PATTERNS = new ConcurrentHashMap<>();

    public DeclaredOperation {
        statuses = List.copyOf(statuses);
    }

    /** The operations of the document's text, in document order. */
    public static List<DeclaredOperation> readAll(String document) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(document, null, options);
        OpenAPI openApi = result.getOpenAPI();
        if (openApi == null || openApi.getPaths() == null) {
            throw new IllegalArgumentException("Not an OpenAPI document with paths: " + result.getMessages());
        }
        List<DeclaredOperation> operations = new ArrayList<>();
        for (Map.Entry<String, PathItem> path : openApi.getPaths().entrySet()) {
            for (Map.Entry<PathItem.HttpMethod, io.swagger.v3.oas.models.Operation> entry
                    : path.getValue().readOperationsMap().entrySet()) {
                io.swagger.v3.oas.models.Operation operation = entry.getValue();
                String method = entry.getKey().name().toUpperCase(Locale.ROOT);
                String id = operation.getOperationId() != null ? operation.getOperationId() : method + " " + path.getKey();
                List<String> statuses = operation.getResponses() == null ? List.of()
                        : operation.getResponses().keySet().stream().sorted(Comparator.naturalOrder()).toList();
                operations.add(new DeclaredOperation(method, path.getKey(), id, statuses));
            }
        }
        return List.copyOf(operations);
    }

    /** The operation among {@code operations} a request matches, if any. */
    public static Optional<DeclaredOperation> of(List<DeclaredOperation> operations, String method, String rawPath) {
        return operations.stream().filter(operation -> operation.matches(method, rawPath)).findFirst();
    }

    /**
     * Whether a request is one of this operation: its method, and a path with one non-empty
     * segment in place of each parameter of the template.
     */
    public boolean matches(String requestMethod, String rawPath) {
        return method.equalsIgnoreCase(requestMethod)
                && PATH_PATTERNS.computeIfAbsent(pathTemplate, DeclaredOperation::pathPattern).matcher(rawPath).matches();
    }

    /** {@code operationId (METHOD template)}, as failure messages name it. */
    public String describe() {
        return operationId + " (" + method + " " + pathTemplate + ")";
    }

    private static Pattern pathPattern(String template) {
        StringBuilder regex = new StringBuilder();
        Matcher parameter = TEMPLATE_PARAMETER.matcher(template);
        int end = 0;
        while (parameter.find()) {
            regex.append(Pattern.quote(template.substring(end, parameter.start()))).append("[^/]+");
            end = parameter.end();
        }
        regex.append(Pattern.quote(template.substring(end)));
        return Pattern.compile(regex.toString());
    }
}
