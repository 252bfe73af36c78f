package com.prospectdata.pipeline.web;

import com.prospectdata.generated.model.ErrorResponse;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Where the servlet container sends the errors it raises itself (a malformed URL, an oversized
 * header, a container-protected path): a failure is re-raised as it was, for
 * {@link ApiExceptionHandler}; a bare status gets the contract's answer from the same place
 * ({@link ApiExceptionHandler#containerError}). An answer already on its way gets nothing: the
 * container includes the error page in a committed response (a stream cut after its headers,
 * {@link RequestIdFilter}), then closes the exchange, which is the whole of what the client can
 * still be told.
 */
@RestController
class ErrorPageController implements ErrorController {

    @RequestMapping("${server.error.path:/error}")
    @Nullable ResponseEntity<ErrorResponse> error(HttpServletRequest request, HttpServletResponse response) throws Throwable {
        if (response.isCommitted()) {
            return null;
        }
        Object failure = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (failure instanceof Throwable throwable) {
            throw throwable;
        }
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        return ApiExceptionHandler.containerError(status instanceof Integer value ? value : 404, request);
    }
}
