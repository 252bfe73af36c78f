package com.prospectdata.webtier;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.jooq.Configuration;
import org.jooq.DSLContext;
import org.jooq.ExecuteContext;
import org.jooq.ExecuteListener;
import org.jooq.ExecuteListenerProvider;
import org.jooq.impl.DefaultExecuteListenerProvider;

/**
 * The SQL statements jOOQ runs on the calling thread (where MockMvc serves a request) while a
 * call runs: statements of the poller and of other threads are not counted, unless asked for.
 */
public final class StatementsOnThisThread {

    @FunctionalInterface
    public interface Call {
        void run() throws Exception;
    }

    private StatementsOnThisThread() {
    }

    /** A statement, and the thread it ran on. */
    public record Statement(String sql, Thread thread) {
    }

    public static List<String> during(DSLContext db, Call call) throws Exception {
        Thread caller = Thread.currentThread();
        return duringOnEveryThread(db, call).stream().filter(statement -> statement.thread() == caller)
                .map(Statement::sql).toList();
    }

    /**
     * The statements of every thread, in the order they started, with the thread of each: for an
     * answer written on a thread of its own (a stream), besides those of the poller.
     */
    public static List<Statement> duringOnEveryThread(DSLContext db, Call call) throws Exception {
        List<Statement> statements = Collections.synchronizedList(new ArrayList<>());
        ExecuteListener recorder = new ExecuteListener() {
            @Override
            public void executeStart(ExecuteContext context) {
                statements.add(new Statement(String.valueOf(context.sql()), Thread.currentThread()));
            }
        };
        Configuration configuration = db.configuration();
        ExecuteListenerProvider[] before = configuration.executeListenerProviders();
        ExecuteListenerProvider[] with = Arrays.copyOf(before, before.length + 1);
        with[before.length] = new DefaultExecuteListenerProvider(recorder);
        configuration.set(with);
        try {
            call.run();
        } finally {
            configuration.set(before);
        }
        return List.copyOf(statements);
    }
}
