package com.prospectdata.pipeline.load;

import com.prospectdata.core.errors.ServiceUnavailableException;
import com.prospectdata.core.openapi.OperationTraits.WorkKind;
import com.prospectdata.pipeline.AnswerEnd;
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
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.Semaphore;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;

/**
 * The last step before the handler: a request takes a slot of its kind of work for as long as
 * the work runs, waits for one only within its patience ({@link BoundedWait}), and is otherwise
 * answered 503 with {@code Retry-After} at once, so that requests never queue past their
 * usefulness. The slot covers the work and nothing else: it is taken after the conditional-GET
 * step has looked at the request and given back before that step hands the buffered answer to
 * the connection, so a client that reads slowly, or never (an HTTP/2 stream whose window it
 * keeps shut), holds no slot while the server waits on it ({@link KeyShareFilter} bounds how many
 * such answers one key can keep). One that had to wait must be answered within
 * {@code app.load.queued-deadline} of its arrival: the deadline goes into its
 * {@link RequestContext}, and each of its statements may run only for the time left
 * ({@link StatementTimeout}), unless its operation streams ({@code x-streams}): a stream reads in
 * short statements for as long as its client reads, and holds its slot until it ends
 * ({@link AnswerEnd}). The kind is the operation's, as the document declares it
 * ({@link KindOfWork}). Heavy requests (searches and deep pages) have slots of their own, so a
 * flood of them cannot take the database connections point lookups need; so do list pages, few
 * enough that the pages beyond them wait their turn in order of arrival rather than all at once
 * on the cores.
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
            int capacity = settings.slots(kind);
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
        WorkKind kind = KindOfWork.of(request, settings.deepOffset());
        Semaphore semaphore = slots.get(kind);
        RequestContext context = RequestContext.of(request);
        boolean streams = context.operation().filter(operation -> operation.traits().streams()).isPresent();
        if (!BoundedWait.acquire(semaphore, context, settings, !streams)) {
            shed.get(kind).increment();
            // The slots turn over in well under a second.
            throw ServiceUnavailableException.busy();
        }
        try {
            chain.doFilter(request, response);
        } finally {
            AnswerEnd.then(request, semaphore::release);
        }
    }
}
