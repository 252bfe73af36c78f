package com.prospectdata.pipeline.streaming;

import java.time.Duration;

/**
 * The least pace a client must keep while an answer waits for it ({@code app.streaming.min-rate}
 * over {@code app.streaming.rate-window}): the time counted is the time spent handing the
 * answer's bytes to the connection, which blocks while the client takes nothing, never the time
 * spent waiting for the answer's writer. Over each window of that time the client must have taken
 * the rate times the window; one that did not is {@link ClientTooSlow}. The container's own
 * bounds still cut a client that takes nothing at all sooner (app.stalled-stream-timeout,
 * server.tomcat.connection-timeout).
 */
final class ReadingPace {

    private final long minBytesPerSecond;
    private final long windowNanos;
    private long waitedNanos;
    private long taken;

    ReadingPace(long minBytesPerSecond, Duration window) {
        this.minBytesPerSecond = minBytesPerSecond;
        this.windowNanos = window.toNanos();
    }

    /** The client took {@code bytes} in {@code nanos} of handing them over; throws once a window's pace fell short. */
    void took(long bytes, long nanos) throws ClientTooSlow {
        if (minBytesPerSecond <= 0) {
            return;
        }
        waitedNanos += nanos;
        taken += bytes;
        if (waitedNanos < windowNanos) {
            return;
        }
        double seconds = waitedNanos / 1e9;
        if (taken < minBytesPerSecond * seconds) {
            throw new ClientTooSlow(taken, seconds, minBytesPerSecond);
        }
        waitedNanos = 0;
        taken = 0;
    }
}
