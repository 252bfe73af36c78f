package com.prospectdata.pipeline.web;

import com.prospectdata.pipeline.RequestContext;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import org.springframework.http.server.observation.DefaultServerRequestObservationConvention;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.stereotype.Component;

/**
 * {@code http.server.requests} as Spring measures it (method, URI template, status, outcome,
 * exception), plus the caller's plan as {@code tier}: {@code free}, {@code pro},
 * {@code enterprise}, or {@code none} when no key was accepted. The status is the one the access
 * line says (web/StatusSent): a request whose client went away before its answer was delivered,
 * a stream cut by its client included, is counted as {@code status="499"},
 * {@code outcome="CLIENT_ERROR"}; a stream cut by a failure as 500. Every tag has a handful of
 * values; a key, a company id or a raw path never becomes one (unmatched paths are Spring's
 * {@code NOT_FOUND} or {@code UNKNOWN}). Every route is its template, answers a step gives before
 * the handler (401, 429) included (pipeline/OperationFilter).
 */
@Component
class RequestMetricsConvention extends DefaultServerRequestObservationConvention {

    @Override
    public KeyValues getLowCardinalityKeyValues(ServerRequestObservationContext context) {
        String tier = RequestContext.of(context.getCarrier()).caller().map(caller -> caller.tier().wireName()).orElse("none");
        return super.getLowCardinalityKeyValues(context).and(KeyValue.of("tier", tier));
    }

    /**
     * The status the access line says (web/StatusSent): a client that went away is no failure of
     * ours, never a 5xx; a cut stream is not a 200.
     */
    @Override
    protected KeyValue status(ServerRequestObservationContext context) {
        int headers = context.getResponse() == null ? 0 : context.getResponse().getStatus();
        int sent = StatusSent.of(context.getCarrier(), headers);
        return sent == headers ? super.status(context) : KeyValue.of("status", Integer.toString(sent));
    }

    /** No exception for the container's note of a client's reset (web/ClientResetAfterAnswer). */
    @Override
    protected KeyValue exception(ServerRequestObservationContext context) {
        return ClientResetAfterAnswer.isOne(context) ? KeyValue.of("exception", KeyValue.NONE_VALUE) : super.exception(context);
    }

    @Override
    protected KeyValue outcome(ServerRequestObservationContext context) {
        int headers = context.getResponse() == null ? 0 : context.getResponse().getStatus();
        int sent = StatusSent.of(context.getCarrier(), headers);
        if (sent == headers) {
            return super.outcome(context);
        }
        return KeyValue.of("outcome", sent >= 500 ? "SERVER_ERROR" : "CLIENT_ERROR");
    }
}
