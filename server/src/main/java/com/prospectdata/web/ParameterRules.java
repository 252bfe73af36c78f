package com.prospectdata.web;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import java.lang.reflect.Method;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Words for the rule a request parameter breaks, read from the constraints that the generator
 * copied from api/openapi.yaml, so messages and the published bounds cannot drift apart.
 */
public final class ParameterRules {

    private ParameterRules() {
    }

    /** The parameter's name on the wire ({@code min_match_score}, not {@code minMatchScore}). */
    public static String wireName(MethodParameter parameter) {
        RequestParam requestParam = parameter.getParameterAnnotation(RequestParam.class);
        if (requestParam != null && !requestParam.value().isEmpty()) {
            return requestParam.value();
        }
        PathVariable pathVariable = parameter.getParameterAnnotation(PathVariable.class);
        if (pathVariable != null && !pathVariable.value().isEmpty()) {
            return pathVariable.value();
        }
        String name = parameter.getParameterName();
        return name == null ? "parameter" : name;
    }

    /**
     * The rule a violation reported by method validation breaks. The violation names the Java
     * method and parameter index; the wire name and bounds sit on the generated interface.
     */
    public static String describe(ConstraintViolation<?> violation) {
        String methodName = null;
        Class<?>[] parameterTypes = null;
        Integer index = null;
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.METHOD) {
                methodName = node.getName();
                parameterTypes = node.as(Path.MethodNode.class).getParameterTypes().toArray(Class<?>[]::new);
            } else if (node.getKind() == ElementKind.PARAMETER) {
                index = node.as(Path.ParameterNode.class).getParameterIndex();
            }
        }
        if (methodName != null && index != null) {
            Method declared = findAnnotatedMethod(violation.getRootBeanClass(), methodName, parameterTypes);
            if (declared != null) {
                return describe(new MethodParameter(declared, index));
            }
        }
        return violation.getPropertyPath() + " " + violation.getMessage();
    }

    private static Method findAnnotatedMethod(Class<?> type, String name, Class<?>[] parameterTypes) {
        for (Class<?> candidate = type; candidate != null; candidate = candidate.getSuperclass()) {
            for (Class<?> api : candidate.getInterfaces()) {
                try {
                    return api.getMethod(name, parameterTypes);
                } catch (NoSuchMethodException notThere) {
                    // keep looking
                }
            }
        }
        return null;
    }

    /** A sentence naming the parameter and its whole rule, e.g. "limit must be between 1 and 100". */
    public static String describe(MethodParameter parameter) {
        String name = wireName(parameter);
        Class<?> type = parameter.getParameterType();
        if (Collection.class.isAssignableFrom(type)) {
            Class<?> element = ResolvableType.forMethodParameter(parameter).asCollection().resolveGeneric(0);
            Size size = parameter.getParameterAnnotation(Size.class);
            String values = element != null && element.isEnum() ? " of " + enumValues(element) : "";
            if (size != null) {
                return name + " must have between " + size.min() + " and " + size.max() + " values" + values;
            }
            return name + " must be a list" + values;
        }
        if (type.isEnum()) {
            return name + " must be one of " + enumValues(type);
        }
        if (OffsetDateTime.class.equals(type)) {
            return name + " must be a date-time such as 2026-11-21T10:15:30Z";
        }
        if (UUID.class.equals(type)) {
            return name + " must be a UUID, e.g. 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42";
        }
        if (Integer.class.equals(type) || Long.class.equals(type) || int.class.equals(type) || long.class.equals(type)) {
            return name + " must be an integer" + bounds(parameter);
        }
        if (Double.class.equals(type) || Float.class.equals(type) || double.class.equals(type)) {
            return name + " must be a number" + bounds(parameter);
        }
        if (String.class.equals(type)) {
            Size size = parameter.getParameterAnnotation(Size.class);
            if (size != null) {
                return name + " must be at most " + size.max() + " characters";
            }
        }
        return name + " is invalid";
    }

    private static String bounds(MethodParameter parameter) {
        String min = minimum(parameter);
        String max = maximum(parameter);
        if (min != null && max != null) {
            return " between " + min + " and " + max;
        }
        if (min != null) {
            return " of at least " + min;
        }
        if (max != null) {
            return " of at most " + max;
        }
        return "";
    }

    private static String minimum(MethodParameter parameter) {
        Min min = parameter.getParameterAnnotation(Min.class);
        if (min != null) {
            return Long.toString(min.value());
        }
        DecimalMin decimalMin = parameter.getParameterAnnotation(DecimalMin.class);
        return decimalMin == null ? null : decimalMin.value();
    }

    private static String maximum(MethodParameter parameter) {
        Max max = parameter.getParameterAnnotation(Max.class);
        if (max != null) {
            return Long.toString(max.value());
        }
        DecimalMax decimalMax = parameter.getParameterAnnotation(DecimalMax.class);
        return decimalMax == null ? null : decimalMax.value();
    }

    private static String enumValues(Class<?> enumType) {
        return Arrays.stream(enumType.getEnumConstants())
                .map(Object::toString)
                .collect(Collectors.joining(", "));
    }
}
