package com.prospectdata.core.errors;

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

    /** The server is too busy for this request now (a slot or a statement's time ran out): back in a second. */
    public static ServiceUnavailableException busy() {
        return new ServiceUnavailableException(ApiException.BUSY, 1);
    }

    /**
     * The calling key already has its share of this server's slots of the request's kind of work
     * in use: back in a second, when one of its own requests has been answered.
     */
    public static ServiceUnavailableException keyShareInUse() {
        return new ServiceUnavailableException(ApiException.KEY_SHARE_IN_USE, 1);
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
