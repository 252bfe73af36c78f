package com.prospectdata.pipeline.streaming;

import jakarta.servlet.ServletRequest;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The keys running an export on this instance: a key runs one at a time (docs/api-rules.md §14).
 * Marked by the key's share step (load/KeyShareFilter), before the export waits for one of the
 * export slots, so that a key's second export is told its own limit (429), not that the slots are
 * busy (503). A mark is ended by its own export: when its stream is over ({@link StreamedAnswer},
 * before its client can see the end, so the key may send the next at once), or when its exchange
 * completes without a stream, whichever comes first; never by another export's end. Held per
 * instance: behind a load balancer with several instances, a key may run one on each.
 */
@Component
public class RunningExports {

    private static final String ATTRIBUTE = RunningExports.class.getName();

    /** Each key's running export. */
    private final Map<UUID, Export> keys = new ConcurrentHashMap<>();

    private final class Export {
        private final UUID keyId;

        private Export(UUID keyId) {
            this.keyId = keyId;
        }

        /** Frees the key for its next export; a second call, or one after the next has started, does nothing. */
        private void end() {
            keys.remove(keyId, this);
        }
    }

    /** Marks the key's export as running, for this request; false when the key runs one already. */
    public boolean start(ServletRequest request, UUID keyId) {
        Export export = new Export(keyId);
        if (keys.putIfAbsent(keyId, export) != null) {
            return false;
        }
        request.setAttribute(ATTRIBUTE, export);
        return true;
    }

    /** Ends the request's export, if it marked one: its key may start the next. */
    public void end(ServletRequest request) {
        if (request.getAttribute(ATTRIBUTE) instanceof Export export) {
            export.end();
        }
    }

    /** How many exports the key runs here now: 0 or 1. */
    public int of(UUID keyId) {
        return keys.containsKey(keyId) ? 1 : 0;
    }
}
