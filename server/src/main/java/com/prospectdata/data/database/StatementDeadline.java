package com.prospectdata.data.database;

import org.jooq.Configuration;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.jspecify.annotations.Nullable;

/**
 * A moment ({@link System#nanoTime()}) by which the statements of a {@link DSLContext} must end,
 * carried in that context's configuration, where the listener that gives each statement the time
 * it has left reads it as the statement starts (pipeline/load/StatementTimeout). A statement is
 * the only thing a deadline can stop, and jOOQ hands its listeners the configuration of the
 * statement they see: so the deadline travels with the statements it binds, and the layer that
 * runs them needs to know nothing about why there is one.
 */
public final class StatementDeadline {

    private static final String KEY = StatementDeadline.class.getName();

    private StatementDeadline() {
    }

    /**
     * {@code db}'s statements, each limited to the time left until {@code deadlineNanos}: a
     * configuration of its own, derived on every call, for the few statements that have a
     * deadline; the others run on {@code db} itself and pay nothing for this.
     */
    public static DSLContext bind(DSLContext db, long deadlineNanos) {
        Configuration bound = db.configuration().derive();
        bound.data(KEY, deadlineNanos);
        return DSL.using(bound);
    }

    /** The deadline {@link #bind} gave this configuration's statements, or null when they have none. */
    public static @Nullable Long of(Configuration configuration) {
        return configuration.data(KEY) instanceof Long deadlineNanos ? deadlineNanos : null;
    }
}
