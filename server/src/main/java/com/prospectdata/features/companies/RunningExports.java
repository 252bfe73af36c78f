package com.prospectdata.features.companies;

import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The keys running an export on this instance: a key runs one at a time (docs/api-rules.md §14).
 * Held per instance: behind a load balancer with several instances, a key may run one on each.
 */
@Component
public class RunningExports {

    private final Set<UUID> keys = ConcurrentHashMap.newKeySet();

    /** Marks the key's export as started; false when it runs one already. */
    boolean start(UUID keyId) {
        return keys.add(keyId);
    }

    void end(UUID keyId) {
        keys.remove(keyId);
    }

    /** How many exports the key runs here now: 0 or 1. */
    public int of(UUID keyId) {
        return keys.contains(keyId) ? 1 : 0;
    }
}
