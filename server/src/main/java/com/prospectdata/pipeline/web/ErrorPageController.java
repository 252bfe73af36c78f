package com.prospectdata.pipeline.web;

import com.prospectdata.generated.model.ErrorResponse;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Where the servlet container sends the errors it raises itself (a malformed URL, an oversized
 * header, a container-protected path): a failure is re-raised as it was, for
 * {@link ApiExceptionHandler}; a bare status gets the contract's answer from the same place
 * ({@link ApiExceptionHandler#containerError}).
 */
@RestController
class ErrorPageController implements ErrorController {

    @RequestMapping("${server.error.path:/error}")
    ResponseEntity<ErrorResponse> error(HttpServletRequest request) throws Throwable {
        Object failure = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (failure instanceof Throwable throwable) {
            throw throwable;
        }
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        return ApiExceptionHandler.containerError(status instanceof Integer value ? value : 404, request);
    }
}
