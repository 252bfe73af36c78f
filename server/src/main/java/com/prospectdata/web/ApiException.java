package com.prospectdata.web;

import java.util.UUID;

/**
 * A failure the client should be told about in the contract's error shape. Thrown anywhere;
 * turned into a response only by {@link ApiExceptionHandler}.
 */
public class ApiException extends RuntimeException {

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

    public static ApiException companyNotFound(UUID companyId) {
        return new ApiException(ErrorCode.NOT_FOUND, "Company with ID " + companyId + " not found");
    }

    public static ApiException prospectSearchNotFound(UUID prospectSearchId) {
        return new ApiException(ErrorCode.NOT_FOUND, "Prospect search with ID " + prospectSearchId + " not found");
    }
}
