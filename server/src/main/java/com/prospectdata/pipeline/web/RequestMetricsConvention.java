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
 * {@code enterprise}, or {@code none} when no key was accepted. Every tag has a handful of
 * values; a key, a company id or a raw path never becomes one (unmatched paths are Spring's
 * {@code NOT_FOUND} or {@code UNKNOWN}).
 */
@Component
class RequestMetricsConvention extends DefaultServerRequestObservationConvention {

    @Override
    public KeyValues getLowCardinalityKeyValues(ServerRequestObservationContext context) {
        String tier = RequestContext.of(context.getCarrier()).caller().map(caller -> caller.tier().wireName()).orElse("none");
        return super.getLowCardinalityKeyValues(context).and(KeyValue.of("tier", tier));
    }
}
