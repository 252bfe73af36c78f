package com.prospectdata.core.errors;

import java.util.UUID;

/**
 * A failure the client should be told about in the contract's error shape. Thrown anywhere;
 * turned into a response only by {@link ApiExceptionHandler}.
 */
public class ApiException extends RuntimeException {

    public static final String NO_ROUTE = "No such endpoint. See the API reference at /docs for the available paths.";
    public static final String UNAVAILABLE = "The service is temporarily unavailable. Retry later.";
    public static final String BUSY = "The server is busy; retry after 1 second.";
    public static final String KEY_SHARE_IN_USE = "Too many requests of this API key are in progress at once;"
            + " retry after 1 second.";
    public static final String UNEXPECTED = "An unexpected error occurred. Quote the X-Request-Id header when contacting support.";
    public static final String MALFORMED = "The request is malformed: its path, query string or headers could not be read"
            + " (percent-escapes must encode UTF-8 and never %00; headers have a size limit)";

    private final ErrorCode code;

    public ApiException(ErrorCode code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public ErrorCode code() {
        return code;
    }

    public static ApiException validation(String message) {
        return new ApiException(ErrorCode.VALIDATION_ERROR, message);
    }

    public static ApiException unauthorized(String message) {
        return new ApiException(ErrorCode.UNAUTHORIZED, message);
    }

    public static ApiException forbidden(String message) {
        return new ApiException(ErrorCode.FORBIDDEN, message);
    }

    /** A request that did not arrive over HTTPS: never served, never redirected (docs/api-rules.md §6). */
    public static ApiException httpsRequired() {
        return new ApiException(ErrorCode.HTTPS_REQUIRED, "This API is served over HTTPS only. A key sent over plain HTTP may"
                + " have been seen by others: ask your account manager to revoke it.");
    }

    /**
     * What to tell the client about an error status the servlet container set itself, with no
     * exception to say more (see ErrorPageController and ContainerErrorReportValve).
     */
    public static ApiException forContainerStatus(int status) {
        return switch (status) {
            case 401 -> unauthorized("Invalid API key");
            case 403 -> forbidden("Forbidden");
            case 404 -> new ApiException(ErrorCode.NOT_FOUND, NO_ROUTE);
            case 405 -> new ApiException(ErrorCode.METHOD_NOT_ALLOWED, "Method not allowed");
            case 503 -> new ApiException(ErrorCode.SERVICE_UNAVAILABLE, UNAVAILABLE);
            default -> status >= 400 && status < 500 ? validation(MALFORMED) : new ApiException(ErrorCode.INTERNAL_ERROR, UNEXPECTED);
        };
    }

    public static ApiException companyNotFound(UUID companyId) {
        return new ApiException(ErrorCode.NOT_FOUND, "Company with ID " + companyId + " not found");
    }

    public static ApiException prospectSearchNotFound(UUID prospectSearchId) {
        return new ApiException(ErrorCode.NOT_FOUND, "Prospect search with ID " + prospectSearchId + " not found");
    }

    /** A change-feed position older than the changes kept (docs/api-rules.md §15). */
    public static ApiException cursorExpired() {
        return new ApiException(ErrorCode.CURSOR_EXPIRED,
                "The changes after this cursor are no longer kept; run an export to resynchronize.");
    }
}
