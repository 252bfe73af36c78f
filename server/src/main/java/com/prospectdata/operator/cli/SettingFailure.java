package com.prospectdata.operator.cli;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.validation.BindValidationException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.core.ResolvableType;
import org.springframework.core.convert.ConversionException;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;

/**
 * A setting that could not be bound, said in one line: the property, the value as it was
 * written, and what is allowed ({@code app.auth.cache-ttl=120s is not allowed: must be at most
 * 60s ...}). Spring's own report of the same failure is a block of a dozen lines.
 */
final class SettingFailure {

    private SettingFailure() {
    }

    static Optional<String> describe(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof BindException bind) {
                return Optional.of(describe(bind));
            }
        }
        return Optional.empty();
    }

    private static String describe(BindException bind) {
        if (bind.getCause() instanceof BindValidationException invalid) {
            return invalid.getValidationErrors().getAllErrors().stream()
                    .map(error -> describe(bind, invalid, error))
                    .collect(Collectors.joining("; "));
        }
        ConfigurationProperty property = bind.getProperty();
        String name = property != null ? property.getName().toString() : bind.getName().toString();
        String value = property != null ? String.valueOf(property.getValue()) : "";
        Optional<String> refusal = refusalByTheSetter(bind);
        return name + "=" + value + " is not allowed: "
                + refusal.orElseGet(() -> "must be " + allowed(bind.getTarget().getType()));
    }

    /**
     * The words of a setter that refused a value it could convert (Hikari's "maxPoolSize cannot
     * be less than 1"), which say more than the type; empty when the value did not convert.
     */
    private static Optional<String> refusalByTheSetter(BindException bind) {
        for (Throwable cause = bind.getCause(); cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof ConversionException) {
                return Optional.empty();
            }
            if (cause instanceof IllegalArgumentException && cause.getMessage() != null && !cause.getMessage().isBlank()) {
                return Optional.of(cause.getMessage().strip());
            }
        }
        return Optional.empty();
    }

    private static String describe(BindException bind, BindValidationException invalid, ObjectError error) {
        if (!(error instanceof FieldError field)) {
            return bind.getName() + " is not allowed: " + error.getDefaultMessage();
        }
        ConfigurationPropertyName name = ConfigurationPropertyName.of(
                invalid.getValidationErrors().getName() + "." + kebabCase(field.getField()));
        Object written = invalid.getValidationErrors().getBoundProperties().stream()
                .filter(bound -> bound.getName().equals(name))
                .map(ConfigurationProperty::getValue)
                .findFirst()
                .orElse(field.getRejectedValue());
        return name + "=" + written + " is not allowed: " + field.getDefaultMessage();
    }

    /** {@code embeddedPostgres.sharedBuffers} as a property's path: {@code embedded-postgres.shared-buffers}. */
    static String kebabCase(String fieldPath) {
        return fieldPath.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    /** What a value of this type looks like, for the one line. */
    static String allowed(ResolvableType type) {
        Class<?> target = type.resolve(Object.class);
        if (target.isEnum()) {
            return "one of " + Arrays.stream(target.getEnumConstants())
                    .map(constant -> ((Enum<?>) constant).name().toLowerCase(Locale.ROOT).replace('_', '-'))
                    .collect(Collectors.joining(", "));
        }
        if (target == Duration.class) {
            return "a duration such as 30s, 500ms or 2m";
        }
        if (target == DataSize.class) {
            return "a size such as 128MB or 4GB";
        }
        if (target == Boolean.class || target == boolean.class) {
            return "true or false";
        }
        if (target == Integer.class || target == int.class || target == Long.class || target == long.class) {
            return "a whole number";
        }
        if (target == Float.class || target == float.class || target == Double.class || target == double.class
                || Number.class.isAssignableFrom(target)) {
            return "a number";
        }
        if (target == UUID.class) {
            return "an id (a UUID such as 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42)";
        }
        if (target == InetAddress.class) {
            return "an IP address, or a host name this machine resolves";
        }
        if (target == Path.class) {
            return "a file system path";
        }
        return "a " + target.getSimpleName();
    }
}
