package com.prospectdata.pipeline.load;

/**
 * The moment by which the current request must be answered, when it has one: a request that had
 * to wait for its slot gets {@code app.load.queued-deadline} from its arrival
 * ({@link LoadSheddingFilter}), and each of its statements may then run only for the time left
 * ({@link StatementTimeout}). A thread-local, since a request runs on one thread from the
 * overload step to its last statement.
 */
final class RequestDeadline {

    private static final ThreadLocal<Long> deadline = new ThreadLocal<>();

    private RequestDeadline() {
    }

    static void set(long deadlineNanos) {
        deadline.set(deadlineNanos);
    }

    static void clear() {
        deadline.remove();
    }

    /** Milliseconds until the current request's deadline, at least 1; {@link Long#MAX_VALUE} without one. */
    static long millisLeft() {
        Long at = deadline.get();
        if (at == null) {
            return Long.MAX_VALUE;
        }
        return Math.max(1, (at - System.nanoTime()) / 1_000_000);
    }
}
