package com.prospectdata.operator.cli;

import com.prospectdata.data.database.DatabaseFailures;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The one line an operator sees when a command fails: the root cause's words, no stack trace. */
final class OneLineMessage {

    /** The operating system's words for ENOSPC, in every message Java and PostgreSQL make of it. */
    static final String NO_SPACE = "No space left on device";
    /** PostgreSQL's disk_full. */
    private static final String DISK_FULL = "53100";
    /** How Spring words a failure of a condition on an auto-configuration. */
    private static final String CONDITION_FAILURE = "Error processing condition on ";

    private OneLineMessage() {
    }

    /**
     * A failure a command has worded for the operator already: its message is the line, said
     * once, whatever its cause says too.
     */
    static final class Worded extends RuntimeException {
        Worded(String line, Throwable cause) {
            super(line, cause);
        }
    }

    static String of(Throwable failure) {
        for (Throwable each : chain(failure)) {
            if (each instanceof Worded worded) {
                return worded.getMessage();
            }
        }
        Optional<String> setting = SettingFailure.describe(failure);
        if (setting.isPresent()) {
            return setting.get() + " (see the README's Configuration)";
        }
        Optional<String> diskFull = diskFull(failure);
        if (diskFull.isPresent()) {
            return diskFull.get();
        }
        Optional<String> condition = unreadableSetting(failure);
        if (condition.isPresent()) {
            return condition.get();
        }
        if (DatabaseFailures.isUnreachable(failure)) {
            return "the database cannot be reached (" + deepestWords(failure) + ")";
        }
        Throwable cause = failure;
        // Spring wraps start-up failures; the innermost message with words is the useful one.
        while (cause.getCause() != null && cause.getCause() != cause
                && (cause.getMessage() == null || cause instanceof org.springframework.beans.BeansException)) {
            cause = cause.getCause();
        }
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return oneLine(message);
    }

    /**
     * A setting Spring Boot read to decide which of its parts to start, and could not use. Boot
     * names the part, not the setting; the settings check names every setting whose value does
     * not convert, so what is left is a value of the right type that the part refused.
     */
    private static Optional<String> unreadableSetting(Throwable failure) {
        for (Throwable each : chain(failure)) {
            if (each instanceof IllegalStateException && each.getMessage() != null
                    && each.getMessage().startsWith(CONDITION_FAILURE)) {
                String part = each.getMessage().substring(CONDITION_FAILURE.length()).replaceFirst("^.*\\.", "");
                return Optional.of("a setting was refused while choosing what to start (" + deepestWords(each) + ", deciding on "
                        + part + "); check the server.*, management.* and spring.* settings given (see the README's Configuration)");
            }
        }
        return Optional.empty();
    }

    /**
     * A full disk, named as such wherever it is: PostgreSQL's (SQLSTATE 53100, whatever else
     * followed: a connection the server then ended, a rollback that failed) or this process's
     * own, writing a file. Suppressed failures are searched too, since a failed rollback can
     * carry the failure that caused it.
     */
    private static Optional<String> diskFull(Throwable failure) {
        String written = null;
        for (Throwable each : chain(failure)) {
            if (each instanceof SQLException sql && DISK_FULL.equals(sql.getSQLState())) {
                return Optional.of(databaseDiskFull(firstLine(sql.getMessage())));
            }
            if (written == null && each.getMessage() != null && each.getMessage().contains(NO_SPACE)) {
                written = each.getMessage();
            }
        }
        if (written == null) {
            return Optional.empty();
        }
        // A wrapper's message may be its cause's toString(): the words without the class name.
        String words = written.replaceFirst("^([a-z]\\w*\\.)+\\w+(Exception|Error): ", "");
        return Optional.of("the disk is full: " + oneLine(words) + "; free space, then run the command again");
    }

    /** The database's full disk in PostgreSQL's own words ({@code postgresWords}: its message, or its log's line). */
    static String databaseDiskFull(String postgresWords) {
        return "the database's disk is full: " + oneLine(postgresWords)
                + "; free space where PostgreSQL keeps its data (the embedded one's is in app.data-dir), then run the command again";
    }

    /** The failure, its causes and the failures suppressed along the way, outermost first, each once. */
    private static Iterable<Throwable> chain(Throwable failure) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> pending = new ArrayDeque<>();
        List<Throwable> ordered = new ArrayList<>();
        pending.add(failure);
        while (!pending.isEmpty() && ordered.size() < 100) {
            Throwable next = pending.removeFirst();
            if (!seen.add(next)) {
                continue;
            }
            ordered.add(next);
            if (next.getCause() != null) {
                pending.add(next.getCause());
            }
            pending.addAll(List.of(next.getSuppressed()));
            if (next instanceof SQLException sql && sql.getNextException() != null) {
                pending.add(sql.getNextException());
            }
        }
        return ordered;
    }

    /** The innermost message with words: a driver's end of stream has none, the failure around it does. */
    private static String deepestWords(Throwable failure) {
        String words = failure.toString();
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause.getMessage() != null && !cause.getMessage().isBlank()) {
                words = cause.getMessage();
            }
        }
        return oneLine(words);
    }

    private static String firstLine(String message) {
        return message == null ? "" : oneLine(message.lines().findFirst().orElse(""));
    }

    private static String oneLine(String message) {
        return message.replaceAll("\\s+", " ").strip();
    }
}
