package com.prospectdata.pipeline.web;

import com.prospectdata.core.errors.ApiException;
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
        if (code == 405) {
            // Carries the Allow header the contract asks for.
            throw new HttpRequestMethodNotSupportedException(request.getMethod(), List.of("GET", "HEAD"));
        }
        throw ApiException.forContainerStatus(code);
    }
}
