package com.prospectdata.pipeline.streaming;

import java.io.IOException;
import java.util.Locale;

/**
 * A client that took a streamed answer more slowly than {@code app.streaming.min-rate}: its
 * exchange is cut, as the client's doing (docs/api-rules.md §14).
 */
public final class ClientTooSlow extends IOException {

    ClientTooSlow(long taken, double seconds, long minBytesPerSecond) {
        super(String.format(Locale.ROOT, "the client took %,d bytes in %.1f s of the answer waiting for it, less than %,d bytes/s",
                taken, seconds, minBytesPerSecond));
    }
}
