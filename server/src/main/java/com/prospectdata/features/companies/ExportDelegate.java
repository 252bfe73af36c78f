package com.prospectdata.features.companies;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.features.summaries.CompanySummaries;
import com.prospectdata.generated.api.ExportApiDelegate;
import com.prospectdata.generated.model.Company;
import com.prospectdata.generated.model.CompanyInclude;
import com.prospectdata.generated.model.ReviewStatus;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.CurrentRequest;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.RequestReads;
import com.prospectdata.pipeline.paging.Cursors;
import com.prospectdata.pipeline.paging.Keyset;
import com.prospectdata.pipeline.streaming.RunningExports;
import com.prospectdata.pipeline.streaming.StreamedAnswer;
import com.prospectdata.pipeline.streaming.StreamingProperties;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;
import org.springframework.web.context.request.ServletRequestAttributes;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;
import tools.jackson.databind.json.JsonMapper;

/**
 * A whole prospect search as NDJSON (docs/api-rules.md §14): the companies list's objects, in its
 * order, one per line, read in one snapshot in batches of the list's own keyset statements, and
 * written as they are read into the answer's spool (pipeline/streaming), so that memory does not
 * grow with the search and the snapshot ends when the reading does, however slowly the client
 * takes the lines.
 *
 * <p>Everything that can refuse the request (the key's running export, in the key's share step;
 * the search's existence and owner, here) is decided before the handler returns the stream. The stream
 * ({@link StreamedAnswer}) opens the snapshot on its writer's thread and reads there, before its
 * first byte, the count, {@code Export-Total}, and the change feed's position, so both come from
 * the snapshot the lines come from. A failure after the headers cuts the exchange.
 */
@Service
class ExportDelegate implements ExportApiDelegate {

    /** Companies per statement: a short statement each, and a bounded number of rows in memory. */
    static final int BATCH = 500;
    private static final String NDJSON = "application/x-ndjson";

    private final CompanyQueries companies;
    private final CompanySummaries summaries;
    private final CurrentRequest current;
    private final RequestReads reads;
    private final JsonMapper json;
    private final RunningExports running;
    private final ChangeQueries changes;
    private final Cursors cursors;
    private final StreamingProperties spooling;

    ExportDelegate(CompanyQueries companies, CompanySummaries summaries, CurrentRequest current, RequestReads reads,
                   JsonMapper json, RunningExports running, ChangeQueries changes, Cursors cursors,
                   StreamingProperties spooling) {
        this.spooling = spooling;
        this.running = running;
        this.changes = changes;
        this.cursors = cursors;
        this.companies = companies;
        this.summaries = summaries;
        this.current = current;
        this.reads = reads;
        this.json = json;
    }

    @Override
    public ResponseEntity<StreamingResponseBody> exportProspectSearchCompanies(UUID prospectSearchId,
                                                                               Double minMatchScore,
                                                                               ReviewStatus reviewStatus,
                                                                               List<ReviewStatus> reviewStatusList,
                                                                               String search,
                                                                               OffsetDateTime updatedSince,
                                                                               List<CompanyInclude> include) {
        RequestContext request = current.context();
        AuthenticatedKey caller = request.acceptedCaller();
        CompanyFilter filter = CompanyFilter.of(prospectSearchId, minMatchScore, reviewStatus, reviewStatusList, search,
                updatedSince);
        requireOwnedByCaller(companies.owner(request, prospectSearchId).orElse(null), prospectSearchId, caller);
        ServletRequestAttributes exchange = current.exchange();
        // The key's mark as running an export (taken by the key's share step) ends with the
        // stream, before its client sees the end: the key may send its next export at once.
        return StreamedAnswer.ok(exchange, NDJSON, spooling, () -> running.end(exchange.getRequest()),
                answer -> reads.inSnapshot(request, snapshot -> write(snapshot, caller, filter, include, answer)));
    }

    /** The search's owner is the caller's organization: 404 when it has none (no such search), 403 when another's. */
    private static void requireOwnedByCaller(@Nullable UUID owner, UUID prospectSearchId, AuthenticatedKey caller) {
        if (owner == null) {
            throw ApiException.prospectSearchNotFound(prospectSearchId);
        }
        if (!owner.equals(caller.organizationId())) {
            throw ApiException.forbidden("The prospect search belongs to another organization");
        }
    }

    /** The answer, from its headers on, in one snapshot on the stream's thread. */
    private @Nullable Void write(RequestReads.Snapshot snapshot, AuthenticatedKey caller, CompanyFilter filter,
                                 @Nullable List<CompanyInclude> include, StreamedAnswer answer) {
        UUID prospectSearchId = filter.prospectSearchId();
        // Again in the snapshot the lines come from, which may be later than the check before the
        // stream: still nothing has been sent, so a refusal is answered as such.
        requireOwnedByCaller(companies.owner(snapshot, prospectSearchId).orElse(null), prospectSearchId, caller);
        answer.header("Export-Total", Long.toString(companies.total(snapshot, filter)))
                .header("Changes-Cursor", cursors.changesCursor(caller.organizationId(), prospectSearchId,
                        changes.position(snapshot, prospectSearchId)))
                .header("Cache-Control", "no-store");
        if (answer.wantsBody()) {
            stream(snapshot, filter, include, answer);
        }
        return null;
    }

    /** Every batch, written and flushed as read. */
    private void stream(RequestReads.Snapshot snapshot, CompanyFilter filter, @Nullable List<CompanyInclude> include,
                        StreamedAnswer answer) {
        try {
            // The status and Export-Total go now, before the first statement of the body: a client
            // knows the count at once, and a failure from here on cuts what it has begun to read.
            OutputStream out = answer.body();
            @Nullable Keyset after = null;
            while (true) {
                List<CompanyRow> batch = companies.batch(snapshot, filter, after, BATCH);
                List<Company> found = batch.stream().map(CompanyMapper::toDto).toList();
                summaries.embed(snapshot, found, include);
                for (Company company : found) {
                    out.write(json.writeValueAsBytes(company));
                    out.write('\n');
                }
                answer.flush();
                if (batch.size() < BATCH) {
                    return;
                }
                after = CompanyQueries.keyOf(batch.getLast());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
