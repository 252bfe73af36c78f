package com.prospectdata.operator.cli;

import com.prospectdata.data.database.DatabaseFailures;
import java.util.Optional;

/** The one line an operator sees when a command fails: the root cause's words, no stack trace. */
final class OneLineMessage {

    private OneLineMessage() {
    }

    static String of(Throwable failure) {
        Optional<String> setting = SettingFailure.describe(failure);
        if (setting.isPresent()) {
            return setting.get() + " (see the README's Configuration)";
        }
        if (DatabaseFailures.isUnreachable(failure)) {
            return "the database cannot be reached (" + innermost(failure).getMessage() + ")";
        }
        Throwable cause = failure;
        // Spring wraps start-up failures; the innermost message with words is the useful one.
        while (cause.getCause() != null && cause.getCause() != cause
                && (cause.getMessage() == null || cause instanceof org.springframework.beans.BeansException)) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return message.replaceAll("\\s+", " ").strip();
    }

    private static Throwable innermost(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }
}
