package com.prospectdata.features.searches;

import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH;
import static com.prospectdata.generated.jooq.Tables.PROSPECT_SEARCH_SCORE_COUNT;
import static org.jooq.impl.DSL.coalesce;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.inline;
import static org.jooq.impl.DSL.param;
import static org.jooq.impl.DSL.select;
import static org.jooq.impl.DSL.selectCount;
import static org.jooq.impl.DSL.sum;

import com.prospectdata.core.sqltypes.RenderedQuery;
import com.prospectdata.features.companies.Owned;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.RequestReads;
import com.prospectdata.pipeline.paging.Keyset;
import com.prospectdata.pipeline.paging.Page;
import com.prospectdata.pipeline.paging.PageRequest;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Param;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.SelectField;
import org.springframework.stereotype.Repository;

@Repository
class ProspectSearchQueries {

    private static final Param<UUID> ORGANIZATION_ID = param("organizationId", UUID.class);
    private static final Param<UUID> SEARCH_ID = param("prospectSearchId", UUID.class);
    private static final Param<Integer> LIMIT = param("limit", Integer.class);
    private static final Param<Integer> OFFSET = param("offset", Integer.class);
    private static final Param<Instant> AFTER_CREATED = param("afterCreated", PROSPECT_SEARCH.CREATED_AT.getDataType());
    private static final Param<UUID> AFTER_ID = param("afterId", UUID.class);

    /** The search's companies, from the counts the database keeps per score (migration V2): no company is read. */
    private static final Field<Long> COMPANY_COUNT = field(select(coalesce(sum(PROSPECT_SEARCH_SCORE_COUNT.COMPANIES),
                    BigDecimal.ZERO).cast(Long.class))
            .from(PROSPECT_SEARCH_SCORE_COUNT)
            .where(PROSPECT_SEARCH_SCORE_COUNT.PROSPECT_SEARCH_ID.eq(PROSPECT_SEARCH.ID))).as("company_count");
    /** The organization's searches, counted beside each row (computed once: it does not depend on the row). */
    private static final Field<Integer> TOTAL = field(selectCount().from(PROSPECT_SEARCH)
            .where(PROSPECT_SEARCH.ORGANIZATION_ID.eq(ORGANIZATION_ID))).as("total");

    private static final List<SelectField<?>> COLUMNS = List.of(PROSPECT_SEARCH.ID, PROSPECT_SEARCH.ORGANIZATION_ID,
            PROSPECT_SEARCH.NAME, PROSPECT_SEARCH.CREATED_AT, PROSPECT_SEARCH.UPDATED_AT, PROSPECT_SEARCH.CHANGE_POSITION,
            COMPANY_COUNT);

    record SearchRow(UUID id, String name, long companyCount, Instant createdAt, Instant updatedAt, long changePosition) {
    }

    private final RequestReads reads;
    private final RenderedQuery page;
    private final RenderedQuery pageAfter;
    private final RenderedQuery total;
    private final RenderedQuery one;

    ProspectSearchQueries(RequestReads reads, DSLContext db) {
        this.reads = reads;
        Condition ofOrganization = PROSPECT_SEARCH.ORGANIZATION_ID.eq(ORGANIZATION_ID);
        Condition afterTheCursor = PROSPECT_SEARCH.CREATED_AT.lt(AFTER_CREATED)
                .or(PROSPECT_SEARCH.CREATED_AT.eq(AFTER_CREATED).and(PROSPECT_SEARCH.ID.gt(AFTER_ID)));
        this.page = RenderedQuery.of(db, db.select(COLUMNS).select(TOTAL).from(PROSPECT_SEARCH).where(ofOrganization)
                .orderBy(PROSPECT_SEARCH.CREATED_AT.desc(), PROSPECT_SEARCH.ID.asc()).limit(LIMIT).offset(OFFSET),
                ORGANIZATION_ID, LIMIT, OFFSET);
        this.pageAfter = RenderedQuery.of(db, db.select(COLUMNS).select(TOTAL).from(PROSPECT_SEARCH)
                .where(ofOrganization.and(afterTheCursor))
                .orderBy(PROSPECT_SEARCH.CREATED_AT.desc(), PROSPECT_SEARCH.ID.asc()).limit(LIMIT),
                ORGANIZATION_ID, LIMIT, AFTER_CREATED, AFTER_ID);
        this.total = RenderedQuery.of(db, db.select(TOTAL), ORGANIZATION_ID);
        this.one = RenderedQuery.of(db, db.select(COLUMNS).from(PROSPECT_SEARCH).where(PROSPECT_SEARCH.ID.eq(SEARCH_ID)),
                SEARCH_ID);
    }

    /** A page of the organization's searches, newest first, and their number. */
    Page<SearchRow> list(RequestContext request, UUID organizationId, PageRequest pageRequest) {
        Optional<Keyset> after = pageRequest.cursorPosition();
        RenderedQuery.Execution execution = after.isPresent()
                ? pageAfter.with(ORGANIZATION_ID, organizationId).with(LIMIT, pageRequest.rowsToRead())
                        .with(AFTER_CREATED, after.get().get(0, Instant.class)).with(AFTER_ID, after.get().get(1, UUID.class))
                : page.with(ORGANIZATION_ID, organizationId).with(LIMIT, pageRequest.limit()).with(OFFSET, pageRequest.offset());
        Result<Record> rows = reads.fetch(request, execution);
        if (rows.isEmpty()) {
            long count = reads.fetch(request, total.with(ORGANIZATION_ID, organizationId)).get(0).get(TOTAL);
            return Page.pastTheEnd(count, pageRequest);
        }
        return Page.of(rows.map(ProspectSearchQueries::searchRow), rows.get(0).get(TOTAL), pageRequest,
                ProspectSearchQueries::keyOf);
    }

    /** One search with its owner; empty when it does not exist. */
    Optional<Owned<SearchRow>> find(RequestContext request, UUID prospectSearchId) {
        Result<Record> rows = reads.fetch(request, one.with(SEARCH_ID, prospectSearchId));
        return rows.isEmpty() ? Optional.empty()
                : Optional.of(new Owned<>(rows.get(0).get(PROSPECT_SEARCH.ORGANIZATION_ID), searchRow(rows.get(0))));
    }

    /** A search's place in the list's order: created_at, id. */
    static Keyset keyOf(SearchRow search) {
        return Keyset.of(search.createdAt(), search.id());
    }

    /** The types of {@link #keyOf}'s values, which a cursor of this list must carry. */
    static final List<Class<?>> KEY_TYPES = List.of(Instant.class, UUID.class);

    private static SearchRow searchRow(Record row) {
        return new SearchRow(row.get(PROSPECT_SEARCH.ID), row.get(PROSPECT_SEARCH.NAME), row.get(COMPANY_COUNT),
                row.get(PROSPECT_SEARCH.CREATED_AT), row.get(PROSPECT_SEARCH.UPDATED_AT), row.get(PROSPECT_SEARCH.CHANGE_POSITION));
    }
}
