package com.prospectdata.pipeline.load;

import com.prospectdata.core.errors.RateLimitExceededException;
import com.prospectdata.core.errors.ServiceUnavailableException;
import com.prospectdata.core.openapi.OperationTraits.WorkKind;
import com.prospectdata.pipeline.AnswerEnd;
import com.prospectdata.pipeline.ApiStep;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.streaming.RunningExports;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.stereotype.Component;

/**
 * The first overload step, after the key, its rate limit and its scope: a key may have only its
 * share of each kind's slots in progress on this instance at once ({@code app.load.key-share},
 * {@link LoadProperties#keyShareOf}), as Stripe's concurrent-requests limiter does beside its
 * rate limiter. A request beyond its key's share waits, within its patience
 * ({@link BoundedWait}), for one of the key's own to be answered, and is otherwise answered 503
 * with {@code Retry-After}; other keys never wait behind it. Exports are the exception: a key
 * runs one at a time, and a second is answered 429 with {@code Retry-After} at once
 * ({@link RunningExports}).
 *
 * <p>A key's request counts from this step until its answer has been handed to the connection
 * (this step comes before the conditional-GET step, which writes the answer; a stream's, until
 * it ends), not only while it
 * holds a slot ({@link LoadSheddingFilter}, which counts the work alone). So a client that opens
 * many connections, or HTTP/2 streams whose flow-control window it never opens, holds at most
 * its share of the slots while they work, and at most its share of answers waiting in memory for
 * it to read them; the container ends such a stream once it has made no progress for its write
 * timeout (pipeline/web/TomcatConfiguration).
 */
@Component
@ConditionalOnWebApplication
public class KeyShareFilter extends ApiStep {

    /** What a key's second export is told: exports of a large search take minutes. */
    private static final long EXPORT_RETRY_AFTER_SECONDS = 10;

    private final LoadProperties settings;
    private final RunningExports runningExports;
    /** The keys with requests in progress here, each kind apart; a key leaves when its last one ends. */
    private final Map<Holder, Share> inProgress = new ConcurrentHashMap<>();
    private final Map<WorkKind, Counter> refused = new EnumMap<>(WorkKind.class);

    private record Holder(UUID keyId, WorkKind kind) {
    }

    /** A key's permits for one kind, and how many of its requests use them now (changed only inside the map's compute). */
    private static final class Share {
        final Semaphore permits;
        int users;

        Share(int permits) {
            this.permits = new Semaphore(permits, true);
        }
    }

    public KeyShareFilter(LoadProperties settings, RunningExports runningExports, MeterRegistry meters) {
        this.settings = settings;
        this.runningExports = runningExports;
        for (WorkKind kind : WorkKind.values()) {
            refused.put(kind, Counter.builder("api.load.key_share.refused")
                    .description("Requests answered 503 because their key already had its share of this kind of work in progress")
                    .tag("kind", kind.wireName())
                    .register(meters));
        }
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        RequestContext context = RequestContext.of(request);
        Optional<AuthenticatedKey> caller = context.caller();
        if (caller.isEmpty()) {
            // Only a refused request has no caller, and refused requests never get this far.
            chain.doFilter(request, response);
            return;
        }
        WorkKind kind = KindOfWork.of(request, settings.deepOffset());
        if (kind == WorkKind.EXPORT) {
            // A key's share of exports is one at a time, its own limit: 429, before the export
            // waits for a slot (docs/api-rules.md §14).
            if (!runningExports.start(request, caller.get().keyId())) {
                throw new RateLimitExceededException(EXPORT_RETRY_AFTER_SECONDS);
            }
            try {
                chain.doFilter(request, response);
            } finally {
                AnswerEnd.then(request, () -> runningExports.end(request));
            }
            return;
        }
        Holder holder = new Holder(caller.get().keyId(), kind);
        Share share = inProgress.compute(holder, (key, current) -> {
            Share using = current == null ? new Share(settings.keyShareOf(kind)) : current;
            using.users++;
            return using;
        });
        try {
            if (!BoundedWait.acquire(share.permits, context, settings)) {
                refused.get(kind).increment();
                throw ServiceUnavailableException.keyShareInUse();
            }
        } catch (RuntimeException notAdmitted) {
            leave(holder);
            throw notAdmitted;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            AnswerEnd.then(request, () -> {
                share.permits.release();
                leave(holder);
            });
        }
    }

    private void leave(Holder holder) {
        inProgress.compute(holder, (key, current) -> --current.users == 0 ? null : current);
    }
}
