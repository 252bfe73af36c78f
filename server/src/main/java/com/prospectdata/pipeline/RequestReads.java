package com.prospectdata.pipeline;

import com.prospectdata.core.sqltypes.RenderedQuery;
import com.prospectdata.data.dataversion.DataVersions;
import com.prospectdata.data.replicas.ReadReplicas;
import com.prospectdata.data.replicas.ReadReplicas.ReadSource;
import com.prospectdata.data.replicas.ReplicaUnavailableException;
import java.util.OptionalLong;
import org.jooq.Record;
import org.jooq.Result;
import java.util.function.Function;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * A request's reads, as its {@link RequestContext} says they must run: at the place its first
 * read chose, bound to its deadline when it has one, at one data version. The data layer's
 * services take those as plain values ({@link ReadReplicas}, {@link DataVersions},
 * {@link ReadSource#until}) and know nothing of requests; what they answer is kept in the
 * context, here.
 */
@Component
public class RequestReads {

    private final ReadReplicas replicas;
    /** Null in the operator commands, which have no version poller. */
    private final @Nullable DataVersions versions;

    /** {@code versions} is there in the server; the operator commands have no version poller. */
    public RequestReads(ReadReplicas replicas, @Nullable DataVersions versions) {
        this.replicas = replicas;
        this.versions = versions;
    }

    /**
     * The caller's data version, read at the request's place on its first call and the same for
     * the rest of the request; empty when none recent enough is known.
     */
    public OptionalLong dataVersion(RequestContext request) {
        OptionalLong kept = request.dataVersion();
        if (kept != null) {
            return kept;
        }
        ReadSource source = statementsOf(request);
        OptionalLong read = versions != null
                ? versions.read(source, request.acceptedCaller().organizationId())
                : OptionalLong.empty();
        request.keepDataVersion(read);
        return read;
    }

    /** One statement of the request, at its place. */
    public Result<Record> fetch(RequestContext request, RenderedQuery.Execution statement) {
        try {
            return statement.fetch(statementsOf(request).db());
        } catch (ReplicaUnavailableException noConnection) {
            // Nothing ran on the replica: the same statement runs at the primary, and so does
            // every later one of the request.
            request.fallBackToPrimary(replicas.primary());
            return statement.fetch(statementsOf(request).db());
        }
    }

    /** Statements that read one snapshot of the data: those of one transaction. */
    public interface Snapshot {
        Result<Record> fetch(RenderedQuery.Execution statement);

        /** Whether the snapshot is the primary's, which no replica is ahead of. */
        default boolean atPrimary() {
            return true;
        }
    }

    /**
     * Thrown by the work of {@link #inSnapshot} when a replica's snapshot is older than what the
     * request must see (a change-feed position it has not replayed yet): the work runs again at
     * the primary, and so does the rest of the request.
     */
    public static final class ReplicaBehind extends RuntimeException {
        public ReplicaBehind() {
            super("the replica has not replayed what the request must see", null, false, false);
        }
    }

    /**
     * {@code work}'s statements in one read-only, repeatable-read transaction at the request's
     * place: every one of them sees the data as it was at the first. Each statement still has
     * the statement timeout; the transaction itself lasts as long as {@code work}.
     */
    public <T> T inSnapshot(RequestContext request, Function<Snapshot, T> work) {
        try {
            return inSnapshot(statementsOf(request), work);
        } catch (ReplicaUnavailableException | ReplicaBehind notHere) {
            request.fallBackToPrimary(replicas.primary());
            return inSnapshot(statementsOf(request), work);
        }
    }

    private <T> T inSnapshot(ReadSource source, Function<Snapshot, T> work) {
        boolean atPrimary = source.name().equals(replicas.primary().name());
        return source.db().transactionResult(transaction -> {
            DSLContext db = DSL.using(transaction);
            db.execute("set transaction isolation level repeatable read, read only");
            return work.apply(new Snapshot() {
                @Override
                public Result<Record> fetch(RenderedQuery.Execution statement) {
                    return statement.fetch(db);
                }

                @Override
                public boolean atPrimary() {
                    return atPrimary;
                }
            });
        });
    }

    /** The request's place, chosen now if this is its first read, with its deadline on the statements. */
    private ReadSource statementsOf(RequestContext request) {
        ReadSource source = request.readSource();
        if (source == null) {
            source = replicas.choose();
            request.readFrom(source);
        }
        OptionalLong deadline = request.deadline();
        return deadline.isPresent() ? source.until(deadline.getAsLong()) : source;
    }
}
