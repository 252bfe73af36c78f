package com.prospectdata.core.errors;


/**
 * 429: a budget is spent; {@code retryAfterSeconds} until one request is allowed again. The
 * message says whose budget, so that a partner looks in the right place: the key's hourly one,
 * or the failed attempts of the address it calls from (docs/api-rules.md §2).
 */
public class RateLimitExceededException extends ApiException {

    private final long retryAfterSeconds;

    /** The key's own budget, in the contract's words. */
    public RateLimitExceededException(long retryAfterSeconds) {
        this("Rate limit exceeded", retryAfterSeconds);
    }

    private RateLimitExceededException(String what, long retryAfterSeconds) {
        super(ErrorCode.RATE_LIMIT_EXCEEDED, what + ". Retry after " + retryAfterSeconds + " seconds.");
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** The client address has failed authentication too often: no key was accepted, none was charged. */
    public static RateLimitExceededException failedAuthentication(long retryAfterSeconds) {
        return new RateLimitExceededException(
                "Too many failed authentication attempts from this address; check the key you send", retryAfterSeconds);
    }

    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
