package com.prospectdata.pipeline.web;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationFilter;
import jakarta.servlet.RequestDispatcher;
import java.io.IOException;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.stereotype.Component;

/**
 * An IOException the servlet container notes on the request ({@code jakarta.servlet.error.exception})
 * is the client's doing, never a failure of ours: Tomcat notes "Client reset the stream" on every
 * HTTP/2 stream still open when its client resets it or closes the connection, which a client that
 * already has its whole answer does while our filters are still returning, and a failed read of a
 * request body. Spring's request observation takes that note as the request's error, which tagged
 * answered requests, 200s included, {@code exception="IOException"} and {@code error="IOException"}.
 * Such an error is dropped before the metrics are recorded: the status says what the client got
 * (499 when it went away before its answer was delivered, web/ClientAbort). A failure our code
 * throws out of the pipeline is kept: it reaches the observation as a thrown exception, not as
 * this note.
 */
@Component
class ClientResetAfterAnswer implements ObservationFilter {

    static boolean isOne(ServerRequestObservationContext context) {
        Throwable error = context.getError();
        return error instanceof IOException
                && error == context.getCarrier().getAttribute(RequestDispatcher.ERROR_EXCEPTION);
    }

    @Override
    public Observation.Context map(Observation.Context context) {
        if (context instanceof ServerRequestObservationContext request && isOne(request)) {
            request.setError(null);
        }
        return context;
    }
}
