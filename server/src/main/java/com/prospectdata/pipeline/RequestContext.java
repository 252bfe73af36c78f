package com.prospectdata.pipeline;

import com.prospectdata.core.openapi.ApiOperation;
import com.prospectdata.data.replicas.ReadReplicas.ReadSource;
import com.prospectdata.pipeline.parameters.ReadParameters;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * What the pipeline knows of one {@code /api/v1} request, owned here alone: each step fills in
 * what it learns, and every step, delegate and query after it reads it from here.
 *
 * <ul>
 * <li>the operation the path names, resolved once from the document by the front door
 *     ({@link OperationFilter}), and when the request arrived there;
 * <li>a refusal one step decided for a later step to answer (the key's, which the failed-attempt
 *     throttle answers);
 * <li>the caller, accepted by the authentication step (auth/ApiKeyAuthenticationFilter);
 * <li>the deadline of a request that waited for its slot, set by the overload step
 *     (load/LoadSheddingFilter);
 * <li>where the request reads, chosen at its first read and kept until it ends, so that its data
 *     version and its data come from one place, and the data version read there
 *     ({@link RequestReads}); a replica that gives no connection hands the request to the
 *     primary, and every later read of the request goes there too;
 * <li>the caller's hourly budget as the rate-limit step left it (ratelimit/RateLimitFilter);
 * <li>that a step answered the request without the handler (a 304 from the data version), for
 *     the access log.
 * </ul>
 *
 * <p>The steps find it on the request ({@link #of}); the delegates, whose generated interfaces
 * receive no request, through {@link CurrentRequest}, the one place that looks at the thread; from
 * there it is passed as a parameter to the query classes and to {@link RequestReads}, which hand
 * the data layer plain values from it. A request runs on one thread at a time (a stream's
 * writer on its own once the handler has returned, pipeline/streaming), so nothing here is
 * synchronized. Outside {@code /api/v1}, and before the front door has run, a request has an
 * empty context that refuses to be filled in.
 */
public final class RequestContext {

    private static final String REQUEST_ATTRIBUTE = RequestContext.class.getName();
    private static final RequestContext NONE = new RequestContext(null, null);

    private final @Nullable HttpServletRequest request;
    /** Null for a path the document does not declare. */
    private final @Nullable ApiOperation operation;
    private final long arrivedNanos;
    private @Nullable RuntimeException heldRefusal;
    private @Nullable AuthenticatedKey caller;
    private OptionalLong deadline = OptionalLong.empty();
    private @Nullable ReadSource readSource;
    /** Null until read: an empty version is an answer too (none recent enough), kept like any other. */
    private @Nullable OptionalLong dataVersion;
    private boolean answeredWithoutHandler;
    private @Nullable Budget budget;

    /**
     * The caller's hourly budget as this request left it: its size, what is left, and when it is
     * full again (Unix seconds).
     */
    public record Budget(int limit, long remaining, long fullAtEpochSeconds) {
    }

    RequestContext(@Nullable HttpServletRequest request, @Nullable ApiOperation operation) {
        this.request = request;
        this.operation = operation;
        this.arrivedNanos = System.nanoTime();
    }

    /** The context the front door left on this request, or the empty one. */
    public static RequestContext of(ServletRequest request) {
        return request.getAttribute(REQUEST_ATTRIBUTE) instanceof RequestContext context ? context : NONE;
    }

    static RequestContext attach(HttpServletRequest request, @Nullable ApiOperation operation) {
        RequestContext context = new RequestContext(request, operation);
        request.setAttribute(REQUEST_ATTRIBUTE, context);
        return context;
    }

    /** The operation the request's path names; empty for a path the document does not declare. */
    public Optional<ApiOperation> operation() {
        return Optional.ofNullable(operation);
    }

    /**
     * When the front door saw the request ({@link System#nanoTime()}): the overload steps measure
     * a request's wait, and the deadline of one that waited, from here.
     */
    public long arrivedNanos() {
        return arrivedNanos;
    }

    /** Leaves a refusal for a later step to answer, in place of serving the request. */
    public void holdRefusal(RuntimeException refusal) {
        requireFrontDoor("A refusal");
        this.heldRefusal = refusal;
    }

    /** The refusal an earlier step left, if any. */
    public Optional<RuntimeException> heldRefusal() {
        return Optional.ofNullable(heldRefusal);
    }

    /** The key the request acts for, once authentication has accepted it; a request has one caller. */
    public void acceptCaller(AuthenticatedKey key) {
        requireFrontDoor("A caller");
        if (caller != null) {
            throw new IllegalStateException("The request's caller was accepted already");
        }
        this.caller = key;
    }

    /** The accepted caller, if there is one: none outside {@code /api/v1}, before authentication or after it refused. */
    public Optional<AuthenticatedKey> caller() {
        return Optional.ofNullable(caller);
    }

    /** The caller, for the steps after authentication and the handler, which run only for accepted callers. */
    public AuthenticatedKey acceptedCaller() {
        if (caller == null) {
            throw new IllegalStateException(
                    "No caller was accepted for this request: a step that needs one ran before authentication or after it refused");
        }
        return caller;
    }

    /**
     * The moment ({@link System#nanoTime()}) by which the request must be answered: each of its
     * statements may then run only for the time left.
     */
    public void setDeadline(long deadlineNanos) {
        requireFrontDoor("A deadline");
        this.deadline = OptionalLong.of(deadlineNanos);
    }

    /** The request's deadline; empty for one that found its slot free, bound by the statement timeout alone. */
    public OptionalLong deadline() {
        return deadline;
    }

    /** Where the request reads, once its first read has chosen; null before. */
    @Nullable ReadSource readSource() {
        return readSource;
    }

    /** The place the first read chose: the request reads there until it ends. */
    void readFrom(ReadSource chosen) {
        requireFrontDoor("A read source");
        if (readSource != null) {
            throw new IllegalStateException("The request reads from " + readSource + " already: one request reads from one place");
        }
        this.readSource = chosen;
    }

    /**
     * The request's replica gave no connection: this read and every later one go to the primary,
     * which has every write the replica had. A data version read at the replica stays: the data
     * can only be newer than it, never older, so nothing kept under it goes stale.
     */
    void fallBackToPrimary(ReadSource primary) {
        if (readSource == null) {
            throw new IllegalStateException("A request falls back to the primary from the place it reads, and it has none yet");
        }
        this.readSource = primary;
    }

    /** The caller's data version as the request read it; null before it did. */
    @Nullable OptionalLong dataVersion() {
        return dataVersion;
    }

    /** The caller's data version, read once, where the request reads its data. */
    void keepDataVersion(OptionalLong version) {
        if (readSource == null) {
            throw new IllegalStateException("A data version is read where the request reads, and it reads nowhere yet");
        }
        if (dataVersion != null) {
            throw new IllegalStateException("The request read its data version already");
        }
        this.dataVersion = version;
    }

    /** The caller's budget after the rate-limit step took the request's tokens. */
    public void keepBudget(Budget after) {
        requireFrontDoor("A budget");
        this.budget = after;
    }

    /** The caller's budget as the rate-limit step left it; empty when rate limiting is off. */
    public Optional<Budget> budget() {
        return Optional.ofNullable(budget);
    }

    /** A step answered the request without the handler: the access log names the operation as if it had run. */
    public void markAnsweredWithoutHandler() {
        requireFrontDoor("An answer");
        this.answeredWithoutHandler = true;
    }

    public boolean answeredWithoutHandler() {
        return answeredWithoutHandler;
    }

    /** The parameters the parameters step read for the handler (pipeline/parameters keeps them on the request). */
    public ReadParameters parameters() {
        if (request == null) {
            throw new IllegalStateException("Parameters are read for /api/v1 requests, after the front door");
        }
        return ReadParameters.of(request);
    }

    private void requireFrontDoor(String what) {
        if (this == NONE) {
            throw new IllegalStateException(what + " can only be left once the front door has run: see web/RequestPipeline");
        }
    }
}
