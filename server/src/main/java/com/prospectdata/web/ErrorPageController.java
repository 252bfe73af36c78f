package com.prospectdata.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Where the servlet container sends the errors it raises itself (a malformed URL, an oversized
 * header): re-raised as an {@link ApiException} so {@link ApiExceptionHandler} writes them.
 */
@RestController
class ErrorPageController implements ErrorController {

    @RequestMapping("${server.error.path:/error}")
    void error(HttpServletRequest request) throws Throwable {
        Object failure = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (failure instanceof Throwable throwable) {
            throw throwable;
        }
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int code = status instanceof Integer value ? value : 404;
        throw switch (code) {
            case 400 -> ApiException.validation("The request is malformed");
            case 401 -> ApiException.unauthorized("Invalid API key");
            case 403 -> ApiException.forbidden("Forbidden");
            case 404 -> new ApiException(ErrorCode.NOT_FOUND, "No such endpoint. See the API reference for the available paths.");
            case 405 -> new HttpRequestMethodNotSupportedException(request.getMethod(), List.of("GET", "HEAD"));
            case 503 -> new ApiException(ErrorCode.SERVICE_UNAVAILABLE, "The service is temporarily unavailable. Retry later.");
            default -> code >= 400 && code < 500
                    ? ApiException.validation("The request is malformed")
                    : new ApiException(ErrorCode.INTERNAL_ERROR,
                            "An unexpected error occurred. Quote the X-Request-Id header when contacting support.");
        };
    }
}
