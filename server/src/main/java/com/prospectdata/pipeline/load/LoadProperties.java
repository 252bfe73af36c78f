package com.prospectdata.pipeline.load;

import com.prospectdata.core.openapi.OperationTraits.WorkKind;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.hibernate.validator.constraints.time.DurationMax;
import org.hibernate.validator.constraints.time.DurationMin;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * {@code app.load.*}: how much work the server takes on at once before it sheds requests with
 * 503 and {@code Retry-After} (docs/OPERATIONS.md, "Overload").
 *
 * @param heavyConcurrency searches and deep pages served at once; they can each keep a database
 *        connection and a core of PostgreSQL busy for hundreds of milliseconds, so they get fewer
 *        slots than the pool has connections and than the machine has cores, and point lookups
 *        always find both; 0 (the default) means half the processors the JVM sees, at least 1
 *        (with as many slots as cores, a flood of searches slowed the lookups beside it:
 *        bench/notes/operations.md, "Heavy slots")
 * @param listConcurrency other pages of the companies list served at once; 0 (the default) means
 *        twice the processors the JVM sees: enough to keep the cores busy while some of the pages
 *        wait for PostgreSQL, few enough that the rest wait in the slots' fair queue, in order of
 *        arrival, instead of as runnable threads that the kernel's scheduler serves in no order, which
 *        stretched the list's tail at the same rate (bench/notes/operations.md, "List pages in order")
 * @param lightConcurrency every other {@code /api/v1} request served at once
 * @param maxWait the longest a request waits for a slot of its kind before it is shed; each
 *        request waits a random time between three quarters of it and all of it (see
 *        {@link LoadSheddingFilter#patience})
 * @param deepOffset from this {@code offset} on, a page of a list counts as heavy
 * @param keyShare the most of each kind's slots one key may take on this instance, as a percentage
 *        (rounded down, at least one): a key's requests of a kind beyond it wait for the key's own
 *        earlier ones to be answered (within {@code maxWait}, like any wait for a slot), so one
 *        partner, however many connections it opens, leaves the rest of the slots to the others;
 *        counted until the answer is handed to the connection, so a key whose client does not
 *        read its answers holds only that many of them in memory (see {@link KeyShareFilter})
 * @param statementTimeout the longest a statement of an API request may run (whole seconds,
 *        a part of one rounded up); past it the driver cancels it in PostgreSQL and the request
 *        is answered 503
 * @param statementMargin how long past its time limit a statement of the server may take to end
 *        when PostgreSQL does not answer at all (a frozen server, or one cut off): its
 *        connection gives up reading a second before the limit plus the margin, the driver's
 *        cancel of it waits at most that second, and its request is answered 503 within its time
 *        limit plus the margin; at least 2 s, so that a server that answers has a second to act on
 *        the cancel before the connection is given up
 * @param queuedDeadline how long after its arrival a request that had to wait for its slot must
 *        be answered: its statements may run only for the time left (and never longer than
 *        {@code statementTimeout}), so that under overload no answer comes after the client has
 *        stopped caring; a request that found a slot free is bound by {@code statementTimeout}
 *        alone, so a search that is slow by nature is still served when the server is not busy
 */
@ConfigurationProperties("app.load")
@Validated
record LoadProperties(
        @DefaultValue("0") @Min(0) @Max(1000) int heavyConcurrency,
        @DefaultValue("0") @Min(0) @Max(10000) int listConcurrency,
        @DefaultValue("64") @Min(1) @Max(10000) int lightConcurrency,
        @DefaultValue("2") @Min(1) @Max(1000) int exportConcurrency,
        @DefaultValue("1s") @NotNull @DurationMin(millis = 0) @DurationMax(seconds = 30) Duration maxWait,
        @DefaultValue("1000") @Min(0) int deepOffset,
        @DefaultValue("50") @Min(1) @Max(100) int keyShare,
        @DefaultValue("10s") @NotNull @DurationMin(seconds = 1) @DurationMax(minutes = 10) Duration statementTimeout,
        @DefaultValue("2s") @NotNull @DurationMin(seconds = 2) @DurationMax(minutes = 1) Duration statementMargin,
        @DefaultValue("2s") @NotNull @DurationMin(millis = 100) @DurationMax(minutes = 10) Duration queuedDeadline) {

    @AssertTrue(message = "app.load.queued-deadline must be longer than app.load.max-wait")
    public boolean isQueuedDeadlineLongerThanMaxWait() {
        return maxWait == null || queuedDeadline == null || queuedDeadline.compareTo(maxWait) > 0;
    }

    /** The list slots to use: the setting, or twice the processors when it is 0. */
    public int effectiveListConcurrency() {
        return listConcurrency > 0 ? listConcurrency : 2 * Runtime.getRuntime().availableProcessors();
    }

    /** The slots of each kind, as set or derived from the processors. */
    public int slots(WorkKind kind) {
        return switch (kind) {
            case HEAVY -> effectiveHeavyConcurrency();
            case LIST -> effectiveListConcurrency();
            case LIGHT -> lightConcurrency;
            case EXPORT -> exportConcurrency;
        };
    }

    /** How many requests of a kind one key may have in progress here: its share of the kind's slots, at least one. */
    public int keyShareOf(WorkKind kind) {
        return Math.max(1, slots(kind) * keyShare / 100);
    }

    /** The heavy slots to use: the setting, or half the processors (at least 1) when it is 0. */
    public int effectiveHeavyConcurrency() {
        return heavyConcurrency > 0 ? heavyConcurrency : Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
    }
}
