package com.prospectdata.pipeline.ratelimit;

import jakarta.servlet.http.HttpServletResponse;

/**
 * A key's bucket after a request, as the response headers of docs/api-rules.md §6 tell it:
 * GitHub's X-RateLimit-* trio and the IETF draft's RateLimit-Policy and RateLimit fields.
 */
record RateLimitState(int limit, long remaining, long secondsUntilFull, long nowEpochSeconds) {

    public static final String POLICY_NAME = "hourly";
    public static final long WINDOW_SECONDS = 3600;

    public void writeTo(HttpServletResponse response) {
        response.setHeader("X-RateLimit-Limit", Integer.toString(limit));
        response.setHeader("X-RateLimit-Remaining", Long.toString(remaining));
        response.setHeader("X-RateLimit-Reset", Long.toString(nowEpochSeconds + secondsUntilFull));
        response.setHeader("RateLimit-Policy", "\"" + POLICY_NAME + "\";q=" + limit + ";w=" + WINDOW_SECONDS);
        response.setHeader("RateLimit", "\"" + POLICY_NAME + "\";r=" + remaining + ";t=" + secondsUntilFull);
    }
}
