package com.prospectdata.pipeline.web;

import com.prospectdata.core.errors.ApiException;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.cors.DefaultCorsProcessor;

/**
 * Spring's CORS processor answers a refused origin with a plain-text 403. Thrown instead, the
 * refusal reaches {@link ApiExceptionHandler} and gets the contract's JSON body.
 */
class ContractCorsProcessor extends DefaultCorsProcessor {

    @Override
    protected void rejectRequest(ServerHttpResponse response) {
        throw ApiException.forbidden("This origin is not allowed to call the API from a browser");
    }
}
