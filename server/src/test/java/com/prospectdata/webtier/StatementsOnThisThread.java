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
 * call runs: statements of the poller and of other threads are not counted.
 */
public final class StatementsOnThisThread {

    @FunctionalInterface
    public interface Call {
        void run() throws Exception;
    }

    private StatementsOnThisThread() {
    }

    public static List<String> during(DSLContext db, Call call) throws Exception {
        Thread caller = Thread.currentThread();
        List<String> statements = Collections.synchronizedList(new ArrayList<>());
        ExecuteListener recorder = new ExecuteListener() {
            @Override
            public void executeStart(ExecuteContext context) {
                if (Thread.currentThread() == caller) {
                    statements.add(String.valueOf(context.sql()));
                }
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
