package com.prospectdata.core.openapi;

import com.prospectdata.core.openapi.OperationTraits.HeavyWhen;
import com.prospectdata.core.openapi.OperationTraits.WorkKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * The operations the document declares under {@link #PREFIX}, each with the traits its
 * {@code x-} extensions give, and which of them a request path names. Built once from the
 * document the jar carries; a missing or malformed trait stops start-up, naming the operation
 * and the extension, so an operation can never be served with a treatment nobody declared.
 */
public final class ApiOperations {

    /** The versioned API's paths: the pipeline's key steps run for these. */
    public static final String PREFIX = "/api/v1";

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

    private record Route(PathPattern pattern, ApiOperation operation) {
    }

    private final List<Route> routes;
    private final List<String> scopesEveryOperationRequires;

    private ApiOperations(List<Route> routes) {
        this.routes = List.copyOf(routes);
        Set<String> common = null;
        for (Route route : routes) {
            Set<String> scopes = new LinkedHashSet<>(route.operation().traits().requiredScopes());
            if (common == null) {
                common = scopes;
            } else {
                common.retainAll(scopes);
            }
        }
        this.scopesEveryOperationRequires = common == null ? List.of() : List.copyOf(common);
    }

    public static ApiOperations of(OpenApiDocument document) {
        PathPatternParser parser = new PathPatternParser();
        List<Route> routes = new ArrayList<>();
        OpenApiDocument.asMap(document.tree().get("paths"), "paths").forEach((path, item) -> {
            if (!path.equals(PREFIX) && !path.startsWith(PREFIX + "/")) {
                return;
            }
            OpenApiDocument.asMap(item, path).forEach((method, node) -> {
                if (!METHODS.contains(method)) {
                    return;
                }
                Map<String, Object> operation = OpenApiDocument.asMap(node, path + " " + method);
                if (!(operation.get("operationId") instanceof String operationId)) {
                    throw new IllegalStateException(OpenApiDocument.LOCATION + ": " + method.toUpperCase(Locale.ROOT)
                            + " " + path + " has no operationId");
                }
                OperationTraits traits = new TraitReader(document, operationId, operation).traits();
                routes.add(new Route(parser.parse(path), new ApiOperation(operationId, path, traits)));
            });
        });
        return new ApiOperations(routes);
    }

    /** The operation a path names (the request's path without its context path), if any. */
    public Optional<ApiOperation> resolve(String path) {
        PathContainer container = PathContainer.parsePath(path);
        for (Route route : routes) {
            if (route.pattern().matches(container)) {
                return Optional.of(route.operation());
            }
        }
        return Optional.empty();
    }

    public List<ApiOperation> all() {
        return routes.stream().map(Route::operation).toList();
    }

    /**
     * The scopes a request to a path under {@link #PREFIX} that names no operation is checked
     * for: those every operation requires, so that an unknown path reveals nothing to a key that
     * could call none of them.
     */
    public List<String> scopesEveryOperationRequires() {
        return scopesEveryOperationRequires;
    }

    /** Reads one operation's {@code x-} traits, each refusal naming the operation and the extension. */
    private record TraitReader(OpenApiDocument document, String operationId, Map<String, Object> operation) {

        OperationTraits traits() {
            boolean versioned = versioned();
            return new OperationTraits(requiredScopes(), rateLimitCost(), versioned, workKind(), heavyWhen(), streams(versioned));
        }

        private List<String> requiredScopes() {
            Object value = required("x-required-scopes");
            if (!(value instanceof List<?> list) || list.isEmpty()
                    || !list.stream().allMatch(scope -> scope instanceof String text && !text.isBlank())) {
                throw invalid("x-required-scopes", value, "a non-empty list of scopes");
            }
            return list.stream().map(String.class::cast).toList();
        }

        private int rateLimitCost() {
            Object value = required("x-rate-limit-cost");
            if (!(value instanceof Number number) || number.longValue() < 0 || number.longValue() > 1_000
                    || number.doubleValue() != number.longValue()) {
                throw invalid("x-rate-limit-cost", value, "a whole number of tokens from 0 (free) to 1000");
            }
            return number.intValue();
        }

        private boolean versioned() {
            Object value = required("x-versioned");
            if (!(value instanceof Boolean versioned)) {
                throw invalid("x-versioned", value, "true or false");
            }
            return versioned;
        }

        private WorkKind workKind() {
            Object value = required("x-work-kind");
            return Arrays.stream(WorkKind.values()).filter(kind -> kind.wireName().equals(value)).findFirst()
                    .orElseThrow(() -> invalid("x-work-kind", value, oneOf(Arrays.stream(WorkKind.values()).map(WorkKind::wireName).toList())));
        }

        private Map<String, HeavyWhen> heavyWhen() {
            Object value = operation.get("x-heavy-when");
            if (value == null) {
                return Map.of();
            }
            if (!(value instanceof Map<?, ?> conditions) || conditions.isEmpty()) {
                throw invalid("x-heavy-when", value, "a mapping from query parameters to conditions");
            }
            Map<String, String> queryParameters = queryParameterTypes();
            Map<String, HeavyWhen> heavyWhen = new LinkedHashMap<>();
            conditions.forEach((parameter, condition) -> {
                HeavyWhen when = Arrays.stream(HeavyWhen.values()).filter(c -> c.wireName().equals(condition)).findFirst()
                        .orElseThrow(() -> invalid("x-heavy-when." + parameter, condition,
                                oneOf(Arrays.stream(HeavyWhen.values()).map(HeavyWhen::wireName).toList())));
                String type = queryParameters.get(String.valueOf(parameter));
                if (type == null) {
                    throw invalid("x-heavy-when", parameter, "one of its query parameters " + queryParameters.keySet());
                }
                String expected = when == HeavyWhen.DEEP ? "integer" : "string";
                if (!type.equals(expected)) {
                    throw invalid("x-heavy-when." + parameter, condition,
                            "a condition for its type: " + parameter + " is " + type + ", " + when.wireName() + " needs " + expected);
                }
                heavyWhen.put((String) parameter, when);
            });
            return heavyWhen;
        }

        /**
         * Optional, false when absent. An operation streams exactly when its 200's body is binary:
         * the build generates a binary body's handler as one that returns a stream (server/pom.xml,
         * the generator's type mapping), so the trait and the handler cannot disagree. A stream has
         * no validator: its body is never held whole.
         */
        private boolean streams(boolean versioned) {
            Object value = operation.get("x-streams");
            if (value != null && !(value instanceof Boolean)) {
                throw invalid("x-streams", value, "true or false");
            }
            boolean streams = Boolean.TRUE.equals(value);
            boolean binary = binaryAnswer();
            if (streams && !binary) {
                throw invalid("x-streams", value, "possible for an answer whose 200 is not a binary body"
                        + " (type: string, format: binary), which is what the build generates a stream for");
            }
            if (!streams && binary) {
                throw new IllegalStateException(OpenApiDocument.LOCATION + ": operation " + operationId
                        + " answers a binary body, which the build generates as a stream: declare x-streams: true");
            }
            if (streams && versioned) {
                throw invalid("x-streams", value, "possible with x-versioned: true (a stream's body is never held whole"
                        + " for a validator)");
            }
            return streams;
        }

        /** Whether the 200's body, in every media type it has, is {@code type: string, format: binary}. */
        private boolean binaryAnswer() {
            Object responses = operation.get("responses");
            if (!(responses instanceof Map<?, ?> byStatus) || byStatus.get("200") == null) {
                return false;
            }
            Map<String, Object> ok = document.resolve(OpenApiDocument.asMap(byStatus.get("200"), operationId + " 200"));
            if (!(ok.get("content") instanceof Map<?, ?> content) || content.isEmpty()) {
                return false;
            }
            for (Object mediaType : content.values()) {
                Object schemaNode = OpenApiDocument.asMap(mediaType, operationId + " 200 content").get("schema");
                if (schemaNode == null) {
                    return false;
                }
                Map<String, Object> schema = document.resolve(OpenApiDocument.asMap(schemaNode, operationId + " 200 schema"));
                if (!"string".equals(schema.get("type")) || !"binary".equals(schema.get("format"))) {
                    return false;
                }
            }
            return true;
        }

        /** The operation's query parameters by name, with their schema's type. */
        private Map<String, String> queryParameterTypes() {
            Map<String, String> types = new LinkedHashMap<>();
            for (Object node : OpenApiDocument.asList(operation.get("parameters"), operationId + " parameters")) {
                Map<String, Object> parameter = document.resolve(OpenApiDocument.asMap(node, operationId + " parameter"));
                if ("query".equals(parameter.get("in")) && parameter.get("schema") != null) {
                    Map<String, Object> schema = document.resolve(OpenApiDocument.asMap(parameter.get("schema"), operationId));
                    types.put(String.valueOf(parameter.get("name")), String.valueOf(schema.get("type")));
                }
            }
            return types;
        }

        private Object required(String extension) {
            Object value = operation.get(extension);
            if (value == null) {
                throw new IllegalStateException(OpenApiDocument.LOCATION + ": operation " + operationId
                        + " does not declare " + extension + " (every operation states its traits; see the document's \"Operation traits\")");
            }
            return value;
        }

        private IllegalStateException invalid(String extension, Object value, String expected) {
            return new IllegalStateException(OpenApiDocument.LOCATION + ": operation " + operationId + " has "
                    + extension + ": " + value + ", which is not " + expected);
        }

        private static String oneOf(List<String> values) {
            return "one of " + values.stream().collect(Collectors.joining(", "));
        }
    }
}
