package com.prospectdata.core.errors;

/**
 * A streamed answer failed after its status and headers were sent: no error body can follow, and
 * a clean end would pass a cut answer off as a whole one. The exchange is cut instead (the
 * connection closed, or the HTTP/2 stream reset), so that the client knows it is incomplete
 * (docs/api-rules.md §14).
 */
public class StreamAbortedException extends RuntimeException {

    public StreamAbortedException(Throwable cause) {
        super("A streamed answer failed after its headers were sent: " + cause, cause);
    }
}
