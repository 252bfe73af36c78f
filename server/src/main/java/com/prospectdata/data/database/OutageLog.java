package com.prospectdata.data.database;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * One warning per kind of database failure per interval, however many requests meet it: during
 * an outage every request fails the same way, and a line (or a stack trace) for each would bury
 * the log. The next line of a kind says how many of that kind were not logged in between. The
 * kind is the failure's class and message without digits, so "connection refused" and "pool
 * exhausted after 3000ms" are apart and each is said once per interval.
 */
public final class OutageLog {

    private final Logger log;
    private final Duration interval;
    private final Clock clock;
    private final ConcurrentMap<String, Window> windows = new ConcurrentHashMap<>();

    private record Window(Instant opened, AtomicLong unlogged) {
    }

    public OutageLog(Logger log, Duration interval, Clock clock) {
        this.log = log;
        this.interval = interval;
        this.clock = clock;
    }

    /** Logs {@code what} and the failure in one line, unless its kind was logged less than an interval ago. */
    public void warn(String what, Throwable failure) {
        Throwable cause = rootCause(failure);
        String kind = cause.getClass().getName() + ": " + String.valueOf(cause.getMessage()).replaceAll("\\d+", "#");
        Instant now = clock.instant();
        Window[] opened = new Window[1];
        Window window = windows.compute(kind, (key, current) -> {
            if (current == null || !now.isBefore(current.opened().plus(interval))) {
                opened[0] = new Window(now, new AtomicLong());
                opened[0].unlogged().set(current == null ? 0 : current.unlogged().get());
                return opened[0];
            }
            current.unlogged().incrementAndGet();
            return current;
        });
        if (opened[0] == window) {
            long unlogged = window.unlogged().getAndSet(0);
            log.warn("{}: {}{}", what, cause, unlogged == 0 ? ""
                    : " (and " + unlogged + " more like it since the last such line, not logged)");
        }
    }

    private static Throwable rootCause(Throwable failure) {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause;
    }
}
