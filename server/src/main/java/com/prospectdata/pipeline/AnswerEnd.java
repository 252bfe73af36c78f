package com.prospectdata.pipeline;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * When a request's answer is over, for the steps that hold something for as long as it is being
 * produced: at once when the step's chain has returned with the answer made, or, for an answer
 * the handler left to a thread of its own (a stream, pipeline/streaming), which the chain returns
 * from before its first byte, when that exchange completes, however it ends (written whole, cut,
 * or abandoned by its client).
 */
public final class AnswerEnd {

    private AnswerEnd() {
    }

    /** Runs {@code action} once the answer to {@code request} is over; call it when the step's chain has returned. */
    public static void then(HttpServletRequest request, Runnable action) {
        if (!request.isAsyncStarted()) {
            action.run();
            return;
        }
        request.getAsyncContext().addListener(new AsyncListener() {
            private final AtomicBoolean done = new AtomicBoolean();

            @Override
            public void onComplete(AsyncEvent event) {
                if (done.compareAndSet(false, true)) {
                    action.run();
                }
            }

            @Override
            public void onTimeout(AsyncEvent event) {
                // The completion follows.
            }

            @Override
            public void onError(AsyncEvent event) {
                // The completion follows.
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
                // Asynchronous again after a dispatch: the listeners are dropped, so listen anew.
                event.getAsyncContext().addListener(this);
            }
        });
    }
}
