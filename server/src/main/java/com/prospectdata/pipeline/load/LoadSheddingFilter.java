package com.prospectdata.pipeline.load;

import com.prospectdata.core.errors.ServiceUnavailableException;
import com.prospectdata.core.openapi.OperationTraits.WorkKind;
import com.prospectdata.pipeline.ApiStep;
import com.prospectdata.pipeline.RequestContext;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;

/**
 * The overload step, after the key, its rate limit and its scope: a request takes a slot of its
 * kind of work for as long as it runs, waits at most {@code app.load.max-wait} for one (see
 * {@link #patience}), and is otherwise answered 503 with {@code Retry-After} at once, so that
 * requests never queue past their usefulness. One that had to wait must be answered within
 * {@code app.load.queued-deadline} of its arrival: the deadline goes into its
 * {@link RequestContext}, and each of its statements may run only for the time left
 * ({@link StatementTimeout}). The kind is the operation's, as the document declares it
 * ({@link KindOfWork}). Heavy requests (searches and
 * deep pages) have slots of their own, so a flood of them cannot take the database connections
 * point lookups need; so do list pages, few enough that the pages beyond them wait their turn in
 * order of arrival rather than all at once on the cores.
 */
@Component
@ConditionalOnWebApplication
public class LoadSheddingFilter extends ApiStep {

    private final LoadProperties settings;
    private final Map<WorkKind, Semaphore> slots = new EnumMap<>(WorkKind.class);
    private final Map<WorkKind, Counter> shed = new EnumMap<>(WorkKind.class);

    public LoadSheddingFilter(LoadProperties settings, MeterRegistry meters) {
        this.settings = settings;
        for (WorkKind kind : WorkKind.values()) {
            int capacity = switch (kind) {
                case HEAVY -> settings.effectiveHeavyConcurrency();
                case LIST -> settings.effectiveListConcurrency();
                case LIGHT -> settings.lightConcurrency();
            };
            Semaphore semaphore = new Semaphore(capacity, true);
            slots.put(kind, semaphore);
            String tag = kind.wireName();
            shed.put(kind, Counter.builder("api.load.shed")
                    .description("Requests answered 503 because no slot of their kind of work came free in time")
                    .tag("kind", tag)
                    .register(meters));
            Gauge.builder("api.load.in_flight", semaphore, s -> capacity - s.availablePermits())
                    .description("Requests of this kind of work being served")
                    .tag("kind", tag)
                    .register(meters);
        }
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long arrived = System.nanoTime();
        WorkKind kind = KindOfWork.of(request, settings.deepOffset());
        Semaphore semaphore = slots.get(kind);
        boolean waited = false;
        boolean acquired;
        try {
            // A timed tryAcquire keeps the semaphore's fairness, which the untimed one would not.
            acquired = semaphore.tryAcquire(0, TimeUnit.NANOSECONDS);
            if (!acquired) {
                waited = true;
                acquired = semaphore.tryAcquire(patience(settings.maxWait()), TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            acquired = false;
        }
        if (!acquired) {
            shed.get(kind).increment();
            // The slots turn over in well under a second.
            throw ServiceUnavailableException.busy();
        }
        if (waited) {
            // Its wait is spent out of the deadline: a request that queued behind others must not
            // then run long enough to be useless to the client that is still waiting for it.
            RequestContext.of(request).setDeadline(arrived + settings.queuedDeadline().toNanos());
        }
        try {
            chain.doFilter(request, response);
        } finally {
            semaphore.release();
        }
    }

    /**
     * Between three quarters of {@code maxWait} and all of it, at random. Requests that arrive
     * together and all wait the same time are refused together, and a client that reconnects at
     * once (a 503 ends the connection in Tomcat) brings them back together: a burst of TLS
     * handshakes every {@code maxWait} that stalls everything else on the machine, point lookups
     * included (bench/notes/operations.md, "The random wait"); a random wait spreads them out
     * within a few rounds. Not less than three quarters: each refusal costs a reconnection, so
     * shorter waits mean more of them.
     */
    static long patience(Duration maxWait) {
        long most = maxWait.toNanos();
        long least = most - most / 4;
        return least + ThreadLocalRandom.current().nextLong(most - least + 1);
    }
}
