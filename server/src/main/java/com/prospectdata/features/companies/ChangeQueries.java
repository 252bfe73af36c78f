package com.prospectdata.features.companies;

import static com.prospectdata.generated.jooq.Tables.COMPANY_CHANGE;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static org.jooq.impl.DSL.param;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.sqltypes.RenderedQuery;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.RequestReads;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jooq.DSLContext;
import org.jooq.Param;
import org.jooq.Record;
import org.jooq.Result;
import org.springframework.stereotype.Repository;

/**
 * A prospect search's change feed (docs/api-rules.md §15), read by position: the search's
 * {@code change_position} is the last number its log has handed out, and the log of every
 * snapshot is gapless up to it (migration V7). A poll with nothing new is one statement on the
 * search's row; a page reads the log's index range after the position and the companies of its
 * additions and updates, in one snapshot.
 */
@Repository
class ChangeQueries {

    private static final Param<UUID> SEARCH_ID = param("prospectSearchId", UUID.class);
    private static final Param<Long> AFTER = param("after", Long.class);
    private static final Param<Integer> LIMIT = param("limit", Integer.class);

    /** The search's owner and the last position of its log; what the feed knows of the search. */
    record Head(UUID organizationId, long position) {
    }

    /** One change of the log. */
    record LoggedChange(long position, UUID companyId, String kind, List<String> changed, Instant occurredAt) {
    }

    /** A page of the log after a position, with the companies of its additions and updates as the page's snapshot has them. */
    record ChangePage(List<LoggedChange> changes, Map<UUID, CompanyRow> companies, long lastPosition, boolean hasMore) {
    }

    private final RequestReads reads;
    private final CompanyQueries companies;
    private final RenderedQuery head;
    private final RenderedQuery page;

    ChangeQueries(RequestReads reads, CompanyQueries companies, DSLContext db) {
        this.reads = reads;
        this.companies = companies;
        this.head = RenderedQuery.of(db, db.select(PROSPECT_SEARCH.ORGANIZATION_ID, PROSPECT_SEARCH.CHANGE_POSITION)
                .from(PROSPECT_SEARCH)
                .where(PROSPECT_SEARCH.ID.eq(SEARCH_ID)), SEARCH_ID);
        this.page = RenderedQuery.of(db, db.select(COMPANY_CHANGE.POSITION, COMPANY_CHANGE.COMPANY_ID, COMPANY_CHANGE.KIND,
                        COMPANY_CHANGE.CHANGED, COMPANY_CHANGE.OCCURRED_AT)
                .from(COMPANY_CHANGE)
                .where(COMPANY_CHANGE.PROSPECT_SEARCH_ID.eq(SEARCH_ID).and(COMPANY_CHANGE.POSITION.gt(AFTER)))
                .orderBy(COMPANY_CHANGE.POSITION)
                .limit(LIMIT), SEARCH_ID, AFTER, LIMIT);
    }

    /** The search's owner and head where the request reads; null when the search does not exist. */
    Head head(RequestContext request, UUID prospectSearchId) {
        Result<Record> rows = reads.fetch(request, head.with(SEARCH_ID, prospectSearchId));
        return rows.isEmpty() ? null : head(rows.get(0));
    }

    /** The last position of the search's log in {@code snapshot}: an export's {@code Changes-Cursor}. */
    long position(RequestReads.Snapshot snapshot, UUID prospectSearchId) {
        Result<Record> rows = snapshot.fetch(head.with(SEARCH_ID, prospectSearchId));
        return rows.isEmpty() ? 0 : rows.get(0).get(PROSPECT_SEARCH.CHANGE_POSITION);
    }

    /**
     * Up to {@code limit} changes after {@code after}, in one snapshot, at the primary when the
     * request's replica has not replayed {@code after} yet. A position the log no longer
     * holds the changes after (retention removed them) is 410 {@code CURSOR_EXPIRED}; so is one past
     * the primary's head, which only a database restored to an earlier time can show.
     */
    ChangePage after(RequestContext request, UUID prospectSearchId, long after, int limit) {
        return reads.inSnapshot(request, snapshot -> {
            long last = position(snapshot, prospectSearchId);
            if (last < after) {
                if (!snapshot.atPrimary()) {
                    throw new RequestReads.ReplicaBehind();
                }
                throw ApiException.cursorExpired();
            }
            List<LoggedChange> changes = snapshot.fetch(page.with(SEARCH_ID, prospectSearchId).with(AFTER, after)
                    .with(LIMIT, limit)).map(ChangeQueries::loggedChange);
            long expected = after + 1;
            for (LoggedChange change : changes) {
                if (change.position() != expected) {
                    throw ApiException.cursorExpired();
                }
                expected++;
            }
            if (changes.isEmpty() && last > after) {
                throw ApiException.cursorExpired();
            }
            List<UUID> present = changes.stream().filter(change -> !change.kind().equals("removed"))
                    .map(LoggedChange::companyId).distinct().toList();
            Map<UUID, CompanyRow> rows = companies.ofSearch(snapshot, prospectSearchId, present).stream()
                    .collect(Collectors.toMap(CompanyRow::id, Function.identity()));
            long lastPosition = changes.isEmpty() ? after : changes.getLast().position();
            return new ChangePage(changes, rows, lastPosition, lastPosition < last);
        });
    }

    private static Head head(Record row) {
        return new Head(row.get(PROSPECT_SEARCH.ORGANIZATION_ID), row.get(PROSPECT_SEARCH.CHANGE_POSITION));
    }

    private static LoggedChange loggedChange(Record row) {
        String[] changed = row.get(COMPANY_CHANGE.CHANGED);
        return new LoggedChange(row.get(COMPANY_CHANGE.POSITION), row.get(COMPANY_CHANGE.COMPANY_ID),
                row.get(COMPANY_CHANGE.KIND), changed == null ? List.of() : List.of(changed),
                row.get(COMPANY_CHANGE.OCCURRED_AT));
    }
}
