package com.prospectdata.pipeline.parameters;

import com.prospectdata.core.openapi.OpenApiDocument;
import com.prospectdata.pipeline.parameters.ParameterSpec.Location;
import com.prospectdata.pipeline.parameters.ValueRule.DateTimeRule;
import com.prospectdata.pipeline.parameters.ValueRule.EnumRule;
import com.prospectdata.pipeline.parameters.ValueRule.IntegerRule;
import com.prospectdata.pipeline.parameters.ValueRule.ListRule;
import com.prospectdata.pipeline.parameters.ValueRule.NumberRule;
import com.prospectdata.pipeline.parameters.ValueRule.TextRule;
import com.prospectdata.pipeline.parameters.ValueRule.UuidRule;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * The parameters of every operation, read from the published document at start-up. A schema
 * this reading does not know fails start-up, so no parameter can reach a delegate unchecked.
 */
@Component
public class ContractParameters {

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

    /** One operation: its id, its path as the document writes it, its parameters in document order. */
    record Operation(String operationId, String pathTemplate, List<ParameterSpec> parameters) {
    }

    private final Map<String, Operation> operations = new LinkedHashMap<>();

    public ContractParameters(OpenApiDocument document) {
        Map<String, Object> paths = OpenApiDocument.asMap(document.tree().get("paths"), "paths");
        paths.forEach((path, item) -> {
            Map<String, Object> pathItem = OpenApiDocument.asMap(item, path);
            List<Object> shared = OpenApiDocument.asList(pathItem.get("parameters"), path + " parameters");
            pathItem.forEach((method, node) -> {
                if (!METHODS.contains(method)) {
                    return;
                }
                Map<String, Object> operation = OpenApiDocument.asMap(node, method + " " + path);
                String operationId = (String) operation.get("operationId");
                String where = operationId + " (" + method.toUpperCase() + " " + path + ")";
                Map<String, ParameterSpec> byName = new LinkedHashMap<>();
                for (Object parameter : concat(shared, OpenApiDocument.asList(operation.get("parameters"), where))) {
                    ParameterSpec spec = spec(document, OpenApiDocument.asMap(parameter, where), where);
                    byName.put(spec.location() + " " + spec.name(), spec);
                }
                operations.put(operationId, new Operation(operationId, path, List.copyOf(byName.values())));
            });
        });
    }

    Optional<Operation> operation(String operationId) {
        return Optional.ofNullable(operations.get(operationId));
    }

    Collection<Operation> operations() {
        return operations.values();
    }

    private static List<Object> concat(List<Object> first, List<Object> second) {
        List<Object> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private static ParameterSpec spec(OpenApiDocument document, Map<String, Object> node, String operation) {
        Map<String, Object> parameter = document.resolve(node);
        String name = (String) parameter.get("name");
        String where = "parameter " + name + " of " + operation;
        Location location = switch (String.valueOf(parameter.get("in"))) {
            case "path" -> Location.PATH;
            case "query" -> Location.QUERY;
            default -> throw unsupported(where, "only path and query parameters are read");
        };
        Map<String, Object> schema = document.resolve(OpenApiDocument.asMap(parameter.get("schema"), where));
        ValueRule rule = rule(document, schema, where);
        if (rule instanceof ListRule) {
            Object style = parameter.getOrDefault("style", "form");
            Object explode = parameter.getOrDefault("explode", Boolean.TRUE);
            if (location != Location.QUERY || !"form".equals(style) || !Boolean.TRUE.equals(explode)) {
                throw unsupported(where, "a list must be a query parameter of style form with explode true");
            }
        }
        Object defaultValue = null;
        if (schema.containsKey("default")) {
            try {
                defaultValue = rule.read(String.valueOf(schema.get("default")));
            } catch (InvalidValue e) {
                throw unsupported(where, "its default " + schema.get("default") + " breaks its own schema");
            }
        }
        boolean required = location == Location.PATH || Boolean.TRUE.equals(parameter.get("required"));
        return new ParameterSpec(name, location, required, rule, defaultValue);
    }

    private static ValueRule rule(OpenApiDocument document, Map<String, Object> schema, String where) {
        if (schema.containsKey("pattern")) {
            return tokenRule(schema, where);
        }
        for (String keyword : List.of("exclusiveMinimum", "exclusiveMaximum", "minLength", "multipleOf", "nullable",
                "oneOf", "anyOf", "allOf", "not", "uniqueItems")) {
            if (schema.containsKey(keyword)) {
                throw unsupported(where, "the keyword " + keyword + " is not read");
            }
        }
        String type = String.valueOf(schema.get("type"));
        String format = schema.get("format") == null ? null : String.valueOf(schema.get("format"));
        return switch (type) {
            case "integer" -> {
                boolean int64 = "int64".equals(format);
                if (!int64 && !"int32".equals(format)) {
                    throw unsupported(where, "an integer needs format int32 or int64");
                }
                BigInteger lowest = BigInteger.valueOf(int64 ? Long.MIN_VALUE : Integer.MIN_VALUE);
                BigInteger highest = BigInteger.valueOf(int64 ? Long.MAX_VALUE : Integer.MAX_VALUE);
                yield new IntegerRule(bound(schema.get("minimum"), lowest).max(lowest),
                        bound(schema.get("maximum"), highest).min(highest), int64);
            }
            case "number" -> new NumberRule(decimal(schema.get("minimum")), decimal(schema.get("maximum")));
            case "string" -> {
                if (schema.containsKey("enum")) {
                    yield new EnumRule(OpenApiDocument.asList(schema.get("enum"), where).stream().map(String::valueOf).toList());
                }
                if ("uuid".equals(format)) {
                    yield new UuidRule();
                }
                if ("date-time".equals(format)) {
                    yield new DateTimeRule();
                }
                if (format != null) {
                    throw unsupported(where, "the string format " + format + " is not read");
                }
                yield new TextRule(schema.get("maxLength") == null ? null : ((Number) schema.get("maxLength")).intValue());
            }
            case "array" -> {
                Map<String, Object> items = document.resolve(OpenApiDocument.asMap(schema.get("items"), where + " items"));
                ValueRule itemRule = rule(document, items, where + " items");
                if (!(itemRule instanceof EnumRule enumeration) || enumeration.values().stream().anyMatch(v -> v.contains(","))) {
                    // A comma-separated value is read as several: only items that cannot hold a comma.
                    throw unsupported(where, "list items must be enum values without commas");
                }
                int minItems = schema.get("minItems") == null ? 0 : ((Number) schema.get("minItems")).intValue();
                int maxItems = schema.get("maxItems") == null ? Integer.MAX_VALUE : ((Number) schema.get("maxItems")).intValue();
                yield new ListRule(itemRule, minItems, maxItems);
            }
            default -> throw unsupported(where, "the type " + type + " is not read");
        };
    }

    /** A string with a pattern, and both its lengths stated: the only strings with a pattern the reader takes. */
    private static ValueRule tokenRule(Map<String, Object> schema, String where) {
        if (!"string".equals(schema.get("type")) || schema.containsKey("format") || schema.containsKey("enum")
                || !(schema.get("minLength") instanceof Number minLength) || !(schema.get("maxLength") instanceof Number maxLength)) {
            throw unsupported(where, "a pattern is read only on a string without format or enum, with minLength and maxLength");
        }
        String pattern = String.valueOf(schema.get("pattern"));
        if (!pattern.startsWith("^") || !pattern.endsWith("$")) {
            throw unsupported(where, "a pattern must be anchored with ^ and $");
        }
        try {
            return new ValueRule.TokenRule(minLength.intValue(), maxLength.intValue(), java.util.regex.Pattern.compile(pattern));
        } catch (java.util.regex.PatternSyntaxException e) {
            throw unsupported(where, "its pattern does not compile: " + e.getDescription());
        }
    }

    private static BigInteger bound(Object value, BigInteger absent) {
        return value == null ? absent : new BigDecimal(value.toString()).toBigIntegerExact();
    }

    private static BigDecimal decimal(Object value) {
        return value == null ? null : new BigDecimal(value.toString());
    }

    private static IllegalStateException unsupported(String where, String why) {
        return new IllegalStateException(OpenApiDocument.LOCATION + ": the " + where + " cannot be read strictly: " + why);
    }
}
