package com.prospectdata.core.openapi;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * The handlers the build generates from the document: the methods of the controller
 * interfaces in {@link #API_PACKAGE}, each named by the operationId it serves.
 */
public final class GeneratedOperations {

    public static final String API_PACKAGE = "com.prospectdata.generated.api";

    private GeneratedOperations() {
    }

    /** The operationId a handler method serves; empty for a method not generated from the document. */
    public static Optional<String> operationId(Method method) {
        return method.getDeclaringClass().getPackageName().equals(API_PACKAGE) ? Optional.of(method.getName()) : Optional.empty();
    }

    /** Every generated handler of the mapping, by operationId. */
    public static Map<String, HandlerMethod> of(RequestMappingHandlerMapping mapping) {
        Map<String, HandlerMethod> operations = new TreeMap<>();
        mapping.getHandlerMethods().values().forEach(handler ->
                operationId(handler.getMethod()).ifPresent(operationId -> operations.put(operationId, handler)));
        return operations;
    }
}
