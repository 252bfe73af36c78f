package com.prospectdata.operator.cli;

import com.prospectdata.pipeline.auth.ApiKeyFormat;
import com.prospectdata.pipeline.auth.ApiKeyService;
import com.prospectdata.pipeline.auth.DeploymentEnvironment;
import com.prospectdata.pipeline.auth.EnvironmentSettings;
import com.prospectdata.pipeline.auth.KeyState;
import com.prospectdata.pipeline.Tier;
import com.prospectdata.generated.jooq.tables.records.ApiKeyRecord;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "keys", mixinStandardHelpOptions = true,
        description = "Issue, list, rotate and revoke API keys. A key is shown once, when it is issued.",
        subcommands = {KeysCommand.Issue.class, KeysCommand.ListKeys.class, KeysCommand.Rotate.class,
                KeysCommand.Revoke.class})
final class KeysCommand {

    /** When a new key stops working: at a time, after a span, or never (neither option given). */
    static final class Expiry {

        @Option(names = "--expires-at", paramLabel = "TIME", converter = KeyLifetime.ExpiresAt.class,
                description = "The key stops working at this time (RFC 3339 with an offset, whole seconds),"
                        + " e.g. 2027-01-31T00:00:00Z.")
        Instant at;

        @Option(names = "--expires-in", paramLabel = "SPAN", converter = KeyLifetime.ExpiresIn.class,
                description = "The key stops working after this span from now: days, hours or minutes, e.g. 90d, 12h, 30min.")
        Duration in;

        /** When the key asked for stops working; null when it never does (no option given). */
        static @Nullable Instant of(@Nullable Expiry expiry, ApiKeyService keys) {
            if (expiry == null) {
                return null;
            }
            return expiry.at != null ? expiry.at : keys.fromNow(expiry.in);
        }
    }

    private static void printIssued(ApiKeyService.IssuedKey issued) {
        System.out.println("key: " + issued.key());
        System.out.println("id: " + issued.id());
        Instant expiresAt = issued.expiresAt();
        System.out.println("expires: " + (expiresAt == null ? "never" : expiresAt.toString()));
    }

    private static Map<String, @Nullable Object> issuedObject(ApiKeyService.IssuedKey issued) {
        return OutputFormat.object("key", issued.key(), "id", issued.id().toString(), "hint", issued.hint(),
                "expires_at", OutputFormat.time(issued.expiresAt()));
    }

    @Command(name = "issue", mixinStandardHelpOptions = true, description = "Issue a key and print it (once) with its id.")
    static final class Issue implements Callable<Integer> {

        @Option(names = "--org", required = true, description = "Organization id.")
        UUID organizationId;

        @Option(names = "--tier", required = true, description = "free, pro or enterprise.")
        String tier;

        @Option(names = "--rate-limit", description = "Requests per hour; required for enterprise keys only.")
        Integer rateLimit;

        @Option(names = "--scopes", defaultValue = "companies:read",
                description = "Comma-separated scopes (default: ${DEFAULT-VALUE}); '' for none.")
        String scopes;

        @Option(names = "--environment",
                description = "live or test: the environment this deployment serves (app.environment), which is the default.")
        String environment;

        @Option(names = "--label", description = "A note to recognize the key by.")
        String label;

        @ArgGroup(exclusive = true, multiplicity = "0..1")
        Expiry expiry;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            Tier parsedTier = Tier.fromWireName(tier);
            List<String> requested = Arrays.stream(scopes.split(","))
                    .map(String::strip).filter(s -> !s.isEmpty()).toList();
            Optional<DeploymentEnvironment> requestedEnvironment =
                    Optional.ofNullable(environment).map(DeploymentEnvironment::fromWireName);
            try (var context = SpringContexts.forCommand()) {
                DeploymentEnvironment served = context.getBean(EnvironmentSettings.class).served();
                DeploymentEnvironment keyEnvironment = requestedEnvironment.orElse(served);
                if (keyEnvironment != served) {
                    // This deployment would answer every request with such a key 401.
                    throw new IllegalArgumentException("this deployment serves " + served.wireName() + " keys (app.environment), so a "
                            + keyEnvironment.wireName() + " key would be refused on every request; issue it with the settings of the "
                            + keyEnvironment.wireName() + " deployment, e.g. APP_ENVIRONMENT=" + keyEnvironment.wireName()
                            + " and its SPRING_DATASOURCE_URL");
                }
                ApiKeyService keys = context.getBean(ApiKeyService.class);
                ApiKeyService.IssuedKey issued = keys.issue(organizationId, parsedTier, rateLimit, requested, keyEnvironment,
                        label, Expiry.of(expiry, keys));
                if (output.json()) {
                    Map<String, @Nullable Object> printed = issuedObject(issued);
                    printed.put("organization_id", organizationId.toString());
                    printed.put("environment", keyEnvironment.wireName());
                    printed.put("tier", parsedTier.wireName());
                    printed.put("label", label);
                    OutputFormat.print(printed);
                } else {
                    printIssued(issued);
                }
                System.err.println("Store the key now: it is not shown again. Revoke it with: keys revoke " + issued.id());
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "List keys (hints only, never the keys): organization, environment, tier, hourly limit, scopes,"
                    + " state (active, expired or revoked), age, when each was created, expires, was last used (to the"
                    + " minute) and was revoked. Active keys older than 90 days are marked: rotate them.")
    static final class ListKeys implements Callable<Integer> {

        @Option(names = "--org", description = "Only the keys of this organization.")
        UUID organizationId;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            try (var context = SpringContexts.forCommand()) {
                var keys = context.getBean(ApiKeyService.class).list(organizationId);
                Instant now = context.getBean(Clock.class).instant();
                if (output.json()) {
                    OutputFormat.print(keys.stream().map(key -> listed(key, now)).toList());
                    return 0;
                }
                String format = "%-36s  %-36s  %-19s  %-4s  %-10s  %9s  %-16s  %-7s  %-8s  %-20s  %-20s  %-20s  %-20s  %s%n";
                System.out.printf(format, "ID", "ORGANIZATION", "HINT", "ENV", "TIER", "LIMIT/H", "SCOPES", "STATE", "AGE",
                        "CREATED", "EXPIRES", "LAST USED", "REVOKED", "LABEL");
                boolean anyDue = false;
                for (var key : keys) {
                    int limit = limit(key);
                    boolean due = KeyState.isDueForRotation(key, now);
                    anyDue |= due;
                    System.out.printf(format, key.getId(), key.getOrganizationId(),
                            ApiKeyFormat.hint(key.getHintPrefix(), key.getHintSuffix()),
                            key.getEnvironment(), key.getTier(), limit,
                            key.getScopes().length == 0 ? "(none)" : String.join(",", key.getScopes()),
                            KeyState.of(key, now).wireName(),
                            age(key, now) + (due ? " *" : ""),
                            key.getCreatedAt().truncatedTo(ChronoUnit.SECONDS),
                            key.getExpiresAt() == null ? "never" : key.getExpiresAt().truncatedTo(ChronoUnit.SECONDS),
                            key.getLastUsedAt() == null ? "never" : key.getLastUsedAt().truncatedTo(ChronoUnit.SECONDS),
                            key.getRevokedAt() == null ? "-" : key.getRevokedAt().truncatedTo(ChronoUnit.SECONDS),
                            key.getLabel() == null ? "" : key.getLabel());
                }
                if (anyDue) {
                    System.out.println("* active for more than " + KeyState.ROTATION_ADVISED_AFTER.toDays()
                            + " days: roll it over with keys rotate KEY_ID_OR_HINT");
                }
            }
            return 0;
        }

        /** A key as {@code --output json} lists it: what the table shows, the age as {@code created_at}. */
        static Map<String, @Nullable Object> listed(ApiKeyRecord key, Instant now) {
            return OutputFormat.object(
                    "id", key.getId().toString(),
                    "organization_id", key.getOrganizationId().toString(),
                    "hint", ApiKeyFormat.hint(key.getHintPrefix(), key.getHintSuffix()),
                    "environment", key.getEnvironment(),
                    "tier", key.getTier(),
                    "rate_limit", limit(key),
                    "scopes", List.of(key.getScopes()),
                    "state", KeyState.of(key, now).wireName(),
                    "rotation_due", KeyState.isDueForRotation(key, now),
                    "created_at", OutputFormat.time(key.getCreatedAt()),
                    "expires_at", OutputFormat.time(key.getExpiresAt()),
                    "last_used_at", OutputFormat.time(key.getLastUsedAt()),
                    "revoked_at", OutputFormat.time(key.getRevokedAt()),
                    "label", key.getLabel());
        }

        /** Requests per hour: the key's own limit, or its tier's. */
        private static int limit(ApiKeyRecord key) {
            return key.getRateLimit() != null ? key.getRateLimit() : Tier.fromWireName(key.getTier()).defaultHourlyLimit();
        }

        /** How long ago the key was issued, in the largest whole unit that reads well: 45min, 30h, 120d. */
        static String age(ApiKeyRecord key, Instant now) {
            Duration age = Duration.between(key.getCreatedAt(), now);
            if (age.compareTo(Duration.ofHours(1)) < 0) {
                return Math.max(0, age.toMinutes()) + "min";
            }
            if (age.compareTo(Duration.ofHours(48)) < 0) {
                return age.toHours() + "h";
            }
            return age.toDays() + "d";
        }
    }

    @Command(name = "rotate", mixinStandardHelpOptions = true,
            description = {"Roll a key over: issue a new key with the same organization, tier, limit, scopes, environment"
                    + " and label, print it (once), and let the old key work for the grace period only.",
                    "Both keys work during the grace period, each with its own rate-limit bucket. Servers that have the"
                    + " old key cached learn its new expiry within app.auth.cache-ttl (at most 60 s), as for a revocation."})
    static final class Rotate implements Callable<Integer> {

        @Parameters(paramLabel = "KEY_ID_OR_HINT", description = "The key's id, or its hint as keys list shows it.")
        String idOrHint;

        @Option(names = "--grace", paramLabel = "SPAN", defaultValue = "24h", converter = KeyLifetime.Grace.class,
                description = "How long the old key keeps working: days, hours or minutes (e.g. 7d, 12h, 30min), or 0 to"
                        + " end it now (default: ${DEFAULT-VALUE}). An old key due to expire sooner keeps its expiry.")
        Duration grace;

        @ArgGroup(exclusive = true, multiplicity = "0..1", heading = "The new key's expiry (default: never):%n")
        Expiry expiry;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            try (var context = SpringContexts.forCommand()) {
                ApiKeyService keys = context.getBean(ApiKeyService.class);
                ApiKeyService.RotatedKey rotated = keys.rotate(idOrHint.strip(), grace, Expiry.of(expiry, keys));
                if (output.json()) {
                    Map<String, @Nullable Object> printed = issuedObject(rotated.replacement());
                    printed.put("replaces", rotated.replacedId().toString());
                    printed.put("replaced_key_expires_at", OutputFormat.time(rotated.replacedExpiresAt()));
                    OutputFormat.print(printed);
                } else {
                    printIssued(rotated.replacement());
                    System.out.println("replaces: " + rotated.replacedId());
                    System.out.println("replaced key expires: " + rotated.replacedExpiresAt());
                }
                System.err.println("Store the key now: it is not shown again. The old key " + rotated.replacedId()
                        + " works until " + rotated.replacedExpiresAt() + "; to end it sooner: keys revoke " + rotated.replacedId());
            }
            return 0;
        }
    }

    @Command(name = "revoke", mixinStandardHelpOptions = true, description = "Revoke a key by id or hint (first 8 + \"...\" + last 8).")
    static final class Revoke implements Callable<Integer> {

        @Parameters(paramLabel = "KEY_ID_OR_HINT", description = "The key's id, or its hint as keys list shows it.")
        String idOrHint;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            try (var context = SpringContexts.forCommand()) {
                UUID revoked = context.getBean(ApiKeyService.class).revoke(idOrHint.strip());
                if (output.json()) {
                    OutputFormat.print(OutputFormat.object("id", revoked.toString(), "state", KeyState.REVOKED.wireName()));
                } else {
                    System.out.println("revoked: " + revoked);
                }
            }
            return 0;
        }
    }
}
