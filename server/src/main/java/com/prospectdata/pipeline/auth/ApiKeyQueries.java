package com.prospectdata.pipeline.auth;

import static com.prospectdata.generated.jooq.Tables.API_KEY;

import com.prospectdata.generated.jooq.tables.records.ApiKeyRecord;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jooq.Condition;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Repository;

@Repository
class ApiKeyQueries {

    private final DSLContext db;

    public ApiKeyQueries(DSLContext db) {
        this.db = db;
    }

    /** The primary's statements, where keys are written. */
    DSLContext primary() {
        return db;
    }

    /** The key with this hash as {@code source} has it: the primary, or a replica during a failover. */
    public Optional<ApiKeyRecord> findByHash(DSLContext source, byte[] keyHash) {
        return source.selectFrom(API_KEY).where(API_KEY.KEY_HASH.eq(keyHash)).fetchOptional();
    }

    public void insert(ApiKeyRecord key) {
        db.executeInsert(key);
    }

    /** Every key, or those of one organization. */
    public List<ApiKeyRecord> list(@Nullable UUID organizationId) {
        Condition condition = organizationId == null ? DSL.noCondition() : API_KEY.ORGANIZATION_ID.eq(organizationId);
        return db.selectFrom(API_KEY)
                .where(condition)
                .orderBy(API_KEY.CREATED_AT, API_KEY.ID)
                .fetch();
    }

    /** The key with this id, or without one the keys whose hint is this prefix and suffix. */
    public List<ApiKeyRecord> findByIdOrHint(@Nullable UUID id, String hintPrefix, String hintSuffix) {
        Condition byHint = API_KEY.HINT_PREFIX.eq(hintPrefix).and(API_KEY.HINT_SUFFIX.eq(hintSuffix));
        return db.selectFrom(API_KEY)
                .where(id == null ? byHint : API_KEY.ID.eq(id))
                .fetch();
    }

    /**
     * Inserts the replacement and ends the old key at {@code oldKeyEnds} (or earlier, if it was to
     * end earlier anyway) in one transaction, provided the old key is still active and not yet
     * rotated: two operators rotating the same key at once get one successor, not two.
     * Returns when the old key now ends; empty, with nothing written, when it could not be rotated.
     */
    public Optional<Instant> insertReplacement(UUID oldKeyId, ApiKeyRecord replacement, Instant oldKeyEnds, Instant now) {
        try {
            return db.transactionResult(transaction -> {
                DSLContext tx = transaction.dsl();
                tx.executeInsert(replacement);
                Instant ends = tx.update(API_KEY)
                        .set(API_KEY.EXPIRES_AT, DSL.least(DSL.coalesce(API_KEY.EXPIRES_AT, DSL.val(oldKeyEnds)), DSL.val(oldKeyEnds)))
                        .set(API_KEY.REPLACED_BY, replacement.getId())
                        .where(API_KEY.ID.eq(oldKeyId))
                        .and(API_KEY.REVOKED_AT.isNull())
                        .and(API_KEY.REPLACED_BY.isNull())
                        .and(API_KEY.EXPIRES_AT.isNull().or(API_KEY.EXPIRES_AT.gt(now)))
                        .returningResult(API_KEY.EXPIRES_AT)
                        .fetchOptional(API_KEY.EXPIRES_AT)
                        .orElseThrow(NotRotated::new);
                return Optional.of(ends);
            });
        } catch (NotRotated e) {
            return Optional.empty();
        }
    }

    /** Rolls the replacement's insert back when the old key changed under the rotation. */
    private static final class NotRotated extends RuntimeException {
        NotRotated() {
            super(null, null, false, false);
        }
    }

    /** Marks the key revoked; revoking an already revoked key keeps the first revocation time. */
    public void revoke(UUID id, Instant at) {
        db.update(API_KEY)
                .set(API_KEY.REVOKED_AT, DSL.coalesce(API_KEY.REVOKED_AT, DSL.val(at)))
                .where(API_KEY.ID.eq(id))
                .execute();
    }

    /**
     * Records use, at most once a minute per key, so busy keys do not write on every request.
     * Bookkeeping: its commit does not wait for a synchronous standby (which, while one is being
     * replaced, could hold it and a pooled connection for seconds).
     */
    public void touch(UUID id, Instant at) {
        db.transaction(transaction -> {
            DSLContext tx = transaction.dsl();
            tx.execute("set local synchronous_commit = local");
            tx.update(API_KEY)
                    .set(API_KEY.LAST_USED_AT, at)
                    .where(API_KEY.ID.eq(id))
                    .and(API_KEY.LAST_USED_AT.isNull().or(API_KEY.LAST_USED_AT.lt(at.minusSeconds(60))))
                    .execute();
        });
    }
}
