package com.prospectdata.features.companies;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The keys running an export on this instance: a key runs one at a time (docs/api-rules.md §14).
 * Held per instance: behind a load balancer with several instances, a key may run one on each.
 */
@Component
public class RunningExports {

    /** Each key's running export: ended by its own {@link Export#end}, never by an earlier one's. */
    private final Map<UUID, Export> keys = new ConcurrentHashMap<>();

    /** One key's export, marked as running until it ends. */
    final class Export {
        private final UUID keyId;

        private Export(UUID keyId) {
            this.keyId = keyId;
        }

        /** Frees the key for its next export; a second call, or one after the next has started, does nothing. */
        void end() {
            keys.remove(keyId, this);
        }
    }

    /** Marks the key's export as started; empty when it runs one already. */
    Optional<Export> start(UUID keyId) {
        Export export = new Export(keyId);
        return keys.putIfAbsent(keyId, export) == null ? Optional.of(export) : Optional.empty();
    }

    /** How many exports the key runs here now: 0 or 1. */
    public int of(UUID keyId) {
        return keys.containsKey(keyId) ? 1 : 0;
    }
}
