package com.prospectdata.errors;

/**
 * 503: the server cannot take this request now (too busy, or the database cannot be reached);
 * the response says when to try again in {@code Retry-After}.
 */
public class ServiceUnavailableException extends ApiException {

    private final long retryAfterSeconds;

    public ServiceUnavailableException(String message, long retryAfterSeconds) {
        super(ErrorCode.SERVICE_UNAVAILABLE, message);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
