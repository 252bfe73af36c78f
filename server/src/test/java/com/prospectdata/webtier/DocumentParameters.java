package com.prospectdata.webtier;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code /api/v1} operations of api/openapi.yaml and their parameters, read from the
 * document itself, for tests that generate requests from it: a parameter added to the document
 * is covered by them without a line of test code.
 */
public final class DocumentParameters {

    /** How a parameter's schema says its value is written. */
    public enum Kind {
        INTEGER, NUMBER, ENUM, UUID, DATE_TIME, TEXT, ENUM_LIST
    }

    /** One parameter: where it goes, and what its schema allows. */
    public record DocumentParameter(String name, boolean inPath, boolean required, Kind kind, BigDecimal minimum,
                                    BigDecimal maximum, Integer maxLength, List<String> values, int minItems, int maxItems) {

        @Override
        public String toString() {
            return name;
        }
    }

    /** One operation: its id, its path template and its parameters in document order. */
    public record DocumentOperation(String operationId, String pathTemplate, List<DocumentParameter> parameters) {

        @Override
        public String toString() {
            return operationId;
        }
    }

    private DocumentParameters() {
    }

    /**
     * Every GET operation under /api/v1 whose requests can be generated, in document order, with the
     * parameters a client chooses the values of.
     */
    public static List<DocumentOperation> apiOperations(OpenAPI document) {
        List<DocumentOperation> operations = new ArrayList<>();
        for (Map.Entry<String, PathItem> path : document.getPaths().entrySet()) {
            Operation get = path.getValue().getGet();
            if (get == null || !path.getKey().startsWith("/api/v1/")) {
                continue;
            }
            List<DocumentParameter> parameters = new ArrayList<>();
            boolean generatable = true;
            for (Parameter parameter : get.getParameters() == null ? List.<Parameter>of() : get.getParameters()) {
                // A value with a pattern (a cursor) is one the server issued and authenticates: no
                // generator can make one up that is accepted. CursorPagingWebTest covers it, by class;
                // an operation that requires one (the change feed) has ChangeFeedWebTest.
                if (parameter.getSchema().getPattern() == null) {
                    parameters.add(parameter(parameter));
                } else if (Boolean.TRUE.equals(parameter.getRequired())) {
                    generatable = false;
                }
            }
            if (!generatable) {
                continue;
            }
            operations.add(new DocumentOperation(get.getOperationId(), path.getKey(), List.copyOf(parameters)));
        }
        return List.copyOf(operations);
    }

    private static DocumentParameter parameter(Parameter parameter) {
        Schema<?> schema = parameter.getSchema();
        boolean inPath = "path".equals(parameter.getIn());
        boolean required = inPath || Boolean.TRUE.equals(parameter.getRequired());
        String type = schema.getType() != null ? schema.getType()
                : schema.getTypes() != null && !schema.getTypes().isEmpty() ? schema.getTypes().iterator().next() : null;
        if ("array".equals(type)) {
            Schema<?> items = schema.getItems();
            return new DocumentParameter(parameter.getName(), inPath, required, Kind.ENUM_LIST, null, null, null,
                    enumValues(items), schema.getMinItems() == null ? 0 : schema.getMinItems(),
                    schema.getMaxItems() == null ? Integer.MAX_VALUE : schema.getMaxItems());
        }
        Kind kind = switch (type) {
            case "integer" -> Kind.INTEGER;
            case "number" -> Kind.NUMBER;
            case "string" -> schema.getEnum() != null ? Kind.ENUM
                    : "uuid".equals(schema.getFormat()) ? Kind.UUID
                    : "date-time".equals(schema.getFormat()) ? Kind.DATE_TIME
                    : Kind.TEXT;
            default -> throw new IllegalStateException("No generator for the parameter " + parameter.getName() + " of type " + type);
        };
        BigDecimal minimum = schema.getMinimum();
        BigDecimal maximum = schema.getMaximum();
        if (kind == Kind.INTEGER) {
            boolean int64 = "int64".equals(schema.getFormat());
            BigDecimal lowest = BigDecimal.valueOf(int64 ? Long.MIN_VALUE : Integer.MIN_VALUE);
            BigDecimal highest = BigDecimal.valueOf(int64 ? Long.MAX_VALUE : Integer.MAX_VALUE);
            minimum = minimum == null ? lowest : minimum.max(lowest);
            maximum = maximum == null ? highest : maximum.min(highest);
        }
        return new DocumentParameter(parameter.getName(), inPath, required, kind, minimum, maximum, schema.getMaxLength(),
                kind == Kind.ENUM ? enumValues(schema) : List.of(), 0, 0);
    }

    private static List<String> enumValues(Schema<?> schema) {
        return schema.getEnum().stream().map(String::valueOf).toList();
    }
}
