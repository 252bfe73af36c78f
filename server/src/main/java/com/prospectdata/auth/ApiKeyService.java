package com.prospectdata.auth;

import com.prospectdata.generated.jooq.tables.records.ApiKeyRecord;
import com.prospectdata.organizations.OrganizationQueries;
import com.prospectdata.web.ApiException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;

/** Issues, lists, revokes and checks API keys. Only hashes and hints are ever stored. */
@Service
public class ApiKeyService {

    private static final Pattern HINT = Pattern.compile("(.{8})\\.\\.\\.(.{8})");

    private final ApiKeyQueries keys;
    private final OrganizationQueries organizations;
    private final EnvironmentSettings environmentSettings;
    private final ValidatedKeyCache cache;
    private final Clock clock;

    public ApiKeyService(ApiKeyQueries keys, OrganizationQueries organizations,
                         EnvironmentSettings environmentSettings, ValidatedKeyCache cache, Clock clock) {
        this.keys = keys;
        this.organizations = organizations;
        this.environmentSettings = environmentSettings;
        this.cache = cache;
        this.clock = clock;
    }

    public record IssuedKey(UUID id, String key, String hint) {
    }

    public IssuedKey issue(UUID organizationId, Tier tier, Integer rateLimit, List<String> scopes,
                           DeploymentEnvironment environment, String label) {
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
        String key = ApiKeyFormat.generate(environment);
        UUID id = UUID.randomUUID();
        ApiKeyRecord record = new ApiKeyRecord()
                .setId(id)
                .setOrganizationId(organizationId)
                .setKeyHash(ApiKeyFormat.sha256(key))
                .setHintPrefix(ApiKeyFormat.hintPrefix(key))
                .setHintSuffix(ApiKeyFormat.hintSuffix(key))
                .setEnvironment(environment.wireName())
                .setTier(tier.wireName())
                .setRateLimit(rateLimit)
                .setScopes(granted.toArray(String[]::new))
                .setLabel(label)
                .setCreatedAt(clock.instant().truncatedTo(ChronoUnit.SECONDS));
        keys.insert(record);
        return new IssuedKey(id, key, ApiKeyFormat.hint(record.getHintPrefix(), record.getHintSuffix()));
    }

    public List<ApiKeyRecord> list(Optional<UUID> organizationId) {
        return keys.list(organizationId);
    }

    /** Revokes the key named by its id or its hint (first 8 + "..." + last 8); returns its id. */
    public UUID revoke(String idOrHint) {
        Optional<UUID> id = parseUuid(idOrHint);
        var matcher = HINT.matcher(idOrHint);
        if (id.isEmpty() && !matcher.matches()) {
            throw new IllegalArgumentException("'" + idOrHint + "' is neither a key id (UUID) nor a hint (first 8 + \"...\" + last 8)");
        }
        List<ApiKeyRecord> found = id.isPresent()
                ? keys.findByIdOrHint(id, null, null)
                : keys.findByIdOrHint(Optional.empty(), matcher.group(1), matcher.group(2));
        if (found.isEmpty()) {
            throw new IllegalArgumentException("no key matches '" + idOrHint + "'");
        }
        if (found.size() > 1) {
            throw new IllegalArgumentException("the hint '" + idOrHint + "' matches " + found.size()
                    + " keys; revoke by id instead (see keys list)");
        }
        UUID keyId = found.getFirst().getId();
        keys.revoke(keyId, clock.instant().truncatedTo(ChronoUnit.SECONDS));
        return keyId;
    }

    /** The caller behind a bearer token, or a 401 in the contract's words. */
    public AuthenticatedKey authenticate(String token) {
        Optional<DeploymentEnvironment> environment = ApiKeyFormat.environmentOf(token);
        if (environment.isEmpty()) {
            throw ApiException.unauthorized("Invalid API key");
        }
        DeploymentEnvironment served = environmentSettings.served();
        if (environment.get() != served) {
            throw ApiException.unauthorized("Invalid API key: this is a " + environment.get().wireName()
                    + " key and this deployment serves " + served.wireName() + " keys");
        }
        byte[] keyHash = ApiKeyFormat.sha256(token);
        return switch (cache.lookup(keyHash, () -> lookUp(keyHash))) {
            case KeyLookup.Valid valid -> valid.key();
            case KeyLookup.Revoked revoked -> throw ApiException.unauthorized("Invalid API key: this key has been revoked");
            case KeyLookup.Unknown unknown -> throw ApiException.unauthorized("Invalid API key");
        };
    }

    private KeyLookup lookUp(byte[] keyHash) {
        Optional<ApiKeyRecord> found = keys.findByHash(keyHash);
        if (found.isEmpty()) {
            return new KeyLookup.Unknown();
        }
        ApiKeyRecord key = found.get();
        if (key.getRevokedAt() != null) {
            return new KeyLookup.Revoked();
        }
        Tier tier = Tier.fromWireName(key.getTier());
        int hourlyLimit = key.getRateLimit() != null ? key.getRateLimit() : tier.defaultHourlyLimit();
        return new KeyLookup.Valid(new AuthenticatedKey(key.getId(), key.getOrganizationId(), tier, hourlyLimit,
                Arrays.asList(key.getScopes())));
    }

    private static Optional<UUID> parseUuid(String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
