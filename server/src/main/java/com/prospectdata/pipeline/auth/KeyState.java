package com.prospectdata.pipeline.auth;

import com.prospectdata.generated.jooq.tables.records.ApiKeyRecord;
import java.time.Duration;
import java.time.Instant;

/** Where a key is in its life: served, past its expiry, or revoked (which wins over an expiry). */
public enum KeyState {
    ACTIVE, EXPIRED, REVOKED;

    /** Keys should be rolled over at least this often (docs/SECURITY.md, "Key lifecycle"). */
    public static final Duration ROTATION_ADVISED_AFTER = Duration.ofDays(90);

    public static KeyState of(ApiKeyRecord key, Instant now) {
        if (key.getRevokedAt() != null) {
            return REVOKED;
        }
        if (key.getExpiresAt() != null && !now.isBefore(key.getExpiresAt())) {
            return EXPIRED;
        }
        return ACTIVE;
    }

    /** An active key older than the advised rotation period that has not been rotated yet. */
    public static boolean isDueForRotation(ApiKeyRecord key, Instant now) {
        return of(key, now) == ACTIVE && key.getReplacedBy() == null
                && Duration.between(key.getCreatedAt(), now).compareTo(ROTATION_ADVISED_AFTER) > 0;
    }

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
