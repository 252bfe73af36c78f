package com.prospectdata.features.usage;

import static com.prospectdata.generated.jooq.Tables.API_KEY;
import static org.jooq.impl.DSL.param;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.openapi.WireTime;
import com.prospectdata.core.sqltypes.RenderedQuery;
import com.prospectdata.generated.api.UsageApiDelegate;
import com.prospectdata.generated.model.KeyEnvironment;
import com.prospectdata.generated.model.Tier;
import com.prospectdata.generated.model.Usage;
import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.CurrentRequest;
import com.prospectdata.pipeline.streaming.RunningExports;
import com.prospectdata.pipeline.RequestContext;
import com.prospectdata.pipeline.RequestReads;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.jooq.DSLContext;
import org.jooq.Param;
import org.jooq.Record;
import org.jooq.Result;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;

@Service
class UsageDelegate implements UsageApiDelegate {

    private static final Param<UUID> KEY_ID = param("keyId", UUID.class);

    private final CurrentRequest current;
    private final RequestReads reads;
    private final Clock clock;
    /** What the request's caller does not carry: the key's hint and environment, from its row. */
    private final RenderedQuery keyRow;

    private final RunningExports exports;

    UsageDelegate(CurrentRequest current, RequestReads reads, Clock clock, DSLContext db, RunningExports exports) {
        this.exports = exports;
        this.current = current;
        this.reads = reads;
        this.clock = clock;
        this.keyRow = RenderedQuery.of(db, db.select(API_KEY.HINT_PREFIX, API_KEY.HINT_SUFFIX, API_KEY.ENVIRONMENT)
                .from(API_KEY).where(API_KEY.ID.eq(KEY_ID)), KEY_ID);
    }

    @Override
    public ResponseEntity<Usage> getUsage() {
        RequestContext request = current.context();
        AuthenticatedKey caller = request.acceptedCaller();
        Result<Record> rows = reads.fetch(request, keyRow.with(KEY_ID, caller.keyId()));
        if (rows.isEmpty()) {
            // Only the benchmarks' caller, which stands for no key (app.benchmark.unauthenticated-organization).
            throw ApiException.unauthorized("No API key authenticated this request: authentication is switched off");
        }
        Record key = rows.get(0);
        long now = clock.instant().getEpochSecond();
        // Rate limiting off (benchmarks only): the whole budget, always full.
        RequestContext.Budget budget = request.budget()
                .orElse(new RequestContext.Budget(caller.hourlyLimit(), caller.hourlyLimit(), now));
        Usage usage = new Usage(caller.keyId(), key.get(API_KEY.HINT_PREFIX) + "..." + key.get(API_KEY.HINT_SUFFIX),
                Tier.fromValue(caller.tier().wireName()), KeyEnvironment.fromValue(key.get(API_KEY.ENVIRONMENT)),
                caller.scopes(), budget.limit(), Math.toIntExact(Math.min(budget.remaining(), Integer.MAX_VALUE)),
                WireTime.of(Instant.ofEpochSecond(budget.fullAtEpochSeconds())), exports.of(caller.keyId()));
        Instant expiry = caller.expiresAt();
        if (expiry != null) {
            usage.setExpiresAt(WireTime.of(expiry));
        }
        return ResponseEntity.ok(usage);
    }
}
