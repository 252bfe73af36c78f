package com.prospectdata.pipeline.auth;

import com.prospectdata.core.errors.ApiException;
import com.prospectdata.core.errors.ErrorCode;
import java.util.Locale;

/**
 * A 401: the contract's message for the caller and, for operators, why, as a bounded metric tag
 * ({@code api.authentication.failures{reason}}, docs/OPERATIONS.md). Never the key itself.
 */
final class KeyRefusal extends ApiException {

    /** Why a request was not authenticated. */
    public enum Reason {
        MISSING, NOT_BEARER, SEVERAL_HEADERS, MALFORMED, OTHER_ENVIRONMENT, UNKNOWN, REVOKED, EXPIRED;

        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Reason reason;

    KeyRefusal(Reason reason, String message) {
        super(ErrorCode.UNAUTHORIZED, message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
