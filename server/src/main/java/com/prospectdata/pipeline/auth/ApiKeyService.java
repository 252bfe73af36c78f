package com.prospectdata.pipeline.auth;

import com.prospectdata.pipeline.AuthenticatedKey;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.generated.jooq.tables.records.ApiKeyRecord;
import com.prospectdata.data.database.DatabaseFailures;
import com.prospectdata.data.database.DatabaseReachability;
import com.prospectdata.data.organizations.OrganizationQueries;
import com.prospectdata.data.replicas.ReadReplicas;
import com.prospectdata.data.replicas.ReadReplicas.ReadSource;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

/**
 * Issues, lists, rotates, revokes and checks API keys. Only hashes and hints are ever stored.
 * The key lifecycle (expiry, rotation with a grace period, revocation) is described in
 * docs/SECURITY.md, "Key lifecycle".
 */
@Service
public class ApiKeyService {

    /** The contract's words for a key past its expiry (docs/SECURITY.md, "Key lifecycle"). */
    private static final String KEY_EXPIRED = "The API key has expired.";

    private static final Pattern HINT = Pattern.compile("(.{8})\\.\\.\\.(.{8})");

    private final ApiKeyQueries keys;
    private final OrganizationQueries organizations;
    private final EnvironmentSettings environmentSettings;
    private final ValidatedKeyCache cache;
    private final ReadReplicas replicas;
    private final DatabaseReachability reachability;
    private final Duration cacheTtl;
    private final Clock clock;

    public ApiKeyService(ApiKeyQueries keys, OrganizationQueries organizations,
                         EnvironmentSettings environmentSettings, ValidatedKeyCache cache, ReadReplicas replicas,
                         DatabaseReachability reachability, AuthProperties settings, Clock clock) {
        this.keys = keys;
        this.organizations = organizations;
        this.environmentSettings = environmentSettings;
        this.cache = cache;
        this.replicas = replicas;
        this.reachability = reachability;
        this.cacheTtl = settings.cacheTtl();
        this.clock = clock;
    }

    /** A key as issued; {@code expiresAt} null for a key that does not expire. */
    public record IssuedKey(UUID id, String key, String hint, @Nullable Instant expiresAt) {
    }

    /** The successor {@link #rotate} issued, and when the key it replaces stops working. */
    public record RotatedKey(IssuedKey replacement, UUID replacedId, Instant replacedExpiresAt) {
    }

    /** The instant a span from now ends, to the second, as an expiry is kept. */
    public Instant fromNow(Duration span) {
        return now().plus(span);
    }

    public IssuedKey issue(UUID organizationId, Tier tier, Integer rateLimit, List<String> scopes,
                           DeploymentEnvironment environment, String label, @Nullable Instant expiresAt) {
        requireFuture(expiresAt);
        if (!organizations.exists(organizationId)) {
            throw new IllegalArgumentException("organization " + organizationId + " does not exist");
        }
        if (tier == Tier.ENTERPRISE && rateLimit == null) {
            throw new IllegalArgumentException("--rate-limit is required for enterprise keys");
        }
        if (tier != Tier.ENTERPRISE && rateLimit != null) {
            throw new IllegalArgumentException("--rate-limit applies to enterprise keys only; "
                    + tier.wireName() + " keys have " + tier.defaultHourlyLimit() + " requests per hour");
        }
        if (rateLimit != null && rateLimit <= 0) {
            throw new IllegalArgumentException("--rate-limit must be a positive number of requests per hour");
        }
        Set<String> granted = new LinkedHashSet<>();
        for (String scope : scopes) {
            if (!Scopes.ISSUABLE.contains(scope)) {
                throw new IllegalArgumentException("scope '" + scope + "' cannot be issued: only "
                        + String.join(", ", Scopes.ISSUABLE) + " can be issued");
            }
            granted.add(scope);
        }
        NewKey created = newKey(organizationId, environment.wireName(), tier.wireName(), rateLimit,
                granted.toArray(String[]::new), label, expiresAt);
        keys.insert(created.record());
        return created.issued();
    }

    private record NewKey(ApiKeyRecord record, IssuedKey issued) {
    }

    private NewKey newKey(UUID organizationId, String environment, String tier, Integer rateLimit, String[] scopes,
                          String label, @Nullable Instant expiresAt) {
        String key = ApiKeyFormat.generate(DeploymentEnvironment.fromWireName(environment));
        ApiKeyRecord record = new ApiKeyRecord()
                .setId(UUID.randomUUID())
                .setOrganizationId(organizationId)
                .setKeyHash(ApiKeyFormat.sha256(key))
                .setHintPrefix(ApiKeyFormat.hintPrefix(key))
                .setHintSuffix(ApiKeyFormat.hintSuffix(key))
                .setEnvironment(environment)
                .setTier(tier)
                .setRateLimit(rateLimit)
                .setScopes(scopes)
                .setLabel(label)
                .setCreatedAt(now())
                .setExpiresAt(expiresAt);
        return new NewKey(record, new IssuedKey(record.getId(), key,
                ApiKeyFormat.hint(record.getHintPrefix(), record.getHintSuffix()), expiresAt));
    }

    /**
     * Issues a successor with everything of the key but its secret (organization, tier, limit,
     * scopes, environment, label) and lets the old key live for {@code grace} more, never longer
     * than it would have anyway. A revoked, expired or already rotated key is refused. The new
     * expiry reaches a server that has the old key cached within the cache's TTL, as a
     * revocation does.
     */
    public RotatedKey rotate(String idOrHint, Duration grace, @Nullable Instant replacementExpiresAt) {
        requireFuture(replacementExpiresAt);
        ApiKeyRecord old = findOne(idOrHint, "rotate");
        Instant now = now();
        switch (KeyState.of(old, now)) {
            case REVOKED -> throw new IllegalArgumentException("key " + old.getId() + " was revoked at " + old.getRevokedAt()
                    + " and cannot be rotated; issue a new key with keys issue");
            case EXPIRED -> throw new IllegalArgumentException("key " + old.getId() + " expired at " + old.getExpiresAt()
                    + " and cannot be rotated; issue a new key with keys issue");
            case ACTIVE -> {
                if (old.getReplacedBy() != null) {
                    throw new IllegalArgumentException("key " + old.getId() + " was already rotated: its replacement is "
                            + old.getReplacedBy() + " (rotate that one, or revoke this one to end its grace period now)");
                }
            }
        }
        NewKey replacement = newKey(old.getOrganizationId(), old.getEnvironment(), old.getTier(), old.getRateLimit(),
                old.getScopes(), old.getLabel(), replacementExpiresAt);
        Instant oldExpiresAt = keys.insertReplacement(old.getId(), replacement.record(), now.plus(grace), now)
                .orElseThrow(() -> new IllegalStateException("key " + old.getId()
                        + " was rotated, revoked or expired while this command ran; nothing was changed, see keys list"));
        return new RotatedKey(replacement.issued(), old.getId(), oldExpiresAt);
    }

    /** Every key, or those of one organization. */
    public List<ApiKeyRecord> list(@Nullable UUID organizationId) {
        return keys.list(organizationId);
    }

    /**
     * Revokes the key named by its id or its hint (first 8 + "..." + last 8); returns its id. A key
     * already revoked is refused, so that a script learns it revoked nothing (it keeps the time of
     * its first revocation either way).
     */
    public UUID revoke(String idOrHint) {
        ApiKeyRecord key = findOne(idOrHint, "revoke");
        if (key.getRevokedAt() != null) {
            throw new IllegalArgumentException("key " + key.getId() + " was already revoked at " + key.getRevokedAt()
                    + "; nothing was changed");
        }
        keys.revoke(key.getId(), now());
        return key.getId();
    }

    private ApiKeyRecord findOne(String idOrHint, String verb) {
        UUID id = parseUuid(idOrHint).orElse(null);
        var matcher = HINT.matcher(idOrHint);
        if (id == null && !matcher.matches()) {
            throw new IllegalArgumentException("'" + idOrHint + "' is neither a key id (UUID) nor a hint (first 8 + \"...\" + last 8)");
        }
        List<ApiKeyRecord> found = id != null
                ? keys.findByIdOrHint(id, null, null)
                : keys.findByIdOrHint(null, matcher.group(1), matcher.group(2));
        if (found.isEmpty()) {
            throw new IllegalArgumentException("no key matches '" + idOrHint + "'");
        }
        if (found.size() > 1) {
            throw new IllegalArgumentException("the hint '" + idOrHint + "' matches " + found.size()
                    + " keys; " + verb + " by id instead (see keys list)");
        }
        return found.getFirst();
    }

    private void requireFuture(@Nullable Instant expiresAt) {
        Instant now = clock.instant();
        if (expiresAt != null && !expiresAt.isAfter(now)) {
            throw new IllegalArgumentException("the expiry " + expiresAt + " is not in the future (it is now "
                    + now.truncatedTo(ChronoUnit.SECONDS) + ")");
        }
    }

    /** Now, to the second: every time kept on a key is written to the second. */
    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.SECONDS);
    }

    /** The caller behind a bearer token, or a 401 in the contract's words. */
    public AuthenticatedKey authenticate(String token) {
        Optional<DeploymentEnvironment> environment = ApiKeyFormat.environmentOf(token);
        if (environment.isEmpty()) {
            throw new KeyRefusal(KeyRefusal.Reason.MALFORMED, "Invalid API key");
        }
        DeploymentEnvironment served = environmentSettings.served();
        if (environment.get() != served) {
            throw new KeyRefusal(KeyRefusal.Reason.OTHER_ENVIRONMENT, "Invalid API key: this is a " + environment.get().wireName()
                    + " key and this deployment serves " + served.wireName() + " keys");
        }
        byte[] keyHash = ApiKeyFormat.sha256(token);
        return switch (cache.lookup(keyHash, () -> lookUp(keyHash))) {
            // Compared on every request, not when cached: the key ends at its instant on every server.
            case KeyLookup.Valid valid when valid.key().hasExpiredAt(clock.instant()) ->
                    throw new KeyRefusal(KeyRefusal.Reason.EXPIRED, KEY_EXPIRED);
            case KeyLookup.Valid valid -> valid.key();
            case KeyLookup.Revoked revoked -> throw new KeyRefusal(KeyRefusal.Reason.REVOKED, "Invalid API key: this key has been revoked");
            case KeyLookup.Unknown unknown -> throw new KeyRefusal(KeyRefusal.Reason.UNKNOWN, "Invalid API key");
        };
    }

    /**
     * The key as the primary has it; while the primary cannot be reached (a failover), as a
     * replica in the rotation has it, which may be behind by the replicas' staleness bound and is
     * cached that much less, so that a revocation still reaches every instance within the cache's
     * TTL (docs/SCALING.md, "High availability"). No replica serves, or none could be trusted for
     * any time at all: the primary's failure stands (503).
     */
    private ValidatedKeyCache.Answer lookUp(byte[] keyHash) {
        try {
            return new ValidatedKeyCache.Answer(interpret(keys.findByHash(keys.primary(), keyHash).orElse(null)), Duration.ZERO);
        } catch (RuntimeException atPrimary) {
            // Marked first: while it lasts, later lookups fail at the primary at once, not after a wait.
            reachability.reportFailure(atPrimary);
            Optional<ReadSource> replica = replicas.replica();
            if (!DatabaseFailures.isUnreachable(atPrimary) || replica.isEmpty()
                    || !cacheTtl.minus(replicas.stalenessBound()).isPositive()) {
                throw atPrimary;
            }
            try {
                return new ValidatedKeyCache.Answer(interpret(keys.findByHash(replica.get().db(), keyHash).orElse(null)),
                        replicas.stalenessBound());
            } catch (RuntimeException atReplica) {
                replicas.reportFailure(replica.get(), atReplica);
                atPrimary.addSuppressed(atReplica);
                throw atPrimary;
            }
        }
    }

    private static KeyLookup interpret(@Nullable ApiKeyRecord key) {
        if (key == null) {
            return new KeyLookup.Unknown();
        }
        if (key.getRevokedAt() != null) {
            return new KeyLookup.Revoked();
        }
        Tier tier = Tier.fromWireName(key.getTier());
        int hourlyLimit = key.getRateLimit() != null ? key.getRateLimit() : tier.defaultHourlyLimit();
        return new KeyLookup.Valid(new AuthenticatedKey(key.getId(), key.getOrganizationId(), tier, hourlyLimit,
                Arrays.asList(key.getScopes()), key.getExpiresAt()));
    }

    private static Optional<UUID> parseUuid(String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
