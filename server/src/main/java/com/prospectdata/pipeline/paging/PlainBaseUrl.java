package com.prospectdata.pipeline.paging;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.jspecify.annotations.Nullable;

/**
 * {@code https://}, then an {@link Authority} and nothing after it: no path (not even {@code /}),
 * query or fragment. HTTPS only, because the API answers nothing else: a link to
 * {@code http://} would send the client's key in clear to a 403.
 */
@Documented
@Constraint(validatedBy = PlainBaseUrl.Check.class)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT})
@Retention(RetentionPolicy.RUNTIME)
public @interface PlainBaseUrl {

    String message() default "must be https:// followed by " + Authority.RULE + ", and nothing after it"
            + " (no path, not even a trailing slash)";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Absent is valid: the setting is optional. */
    final class Check implements ConstraintValidator<PlainBaseUrl, String> {

        private static final String SCHEME = "https://";

        @Override
        public boolean isValid(@Nullable String value, ConstraintValidatorContext context) {
            return value == null || (value.startsWith(SCHEME)
                    && Authority.isPlain(value.substring(SCHEME.length())));
        }
    }
}
