package com.prospectdata.cli;

import com.prospectdata.auth.ApiKeyFormat;
import com.prospectdata.auth.ApiKeyService;
import com.prospectdata.auth.DeploymentEnvironment;
import com.prospectdata.auth.EnvironmentSettings;
import com.prospectdata.auth.Tier;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "keys", mixinStandardHelpOptions = true,
        description = "Issue, list and revoke API keys. A key is shown once, when it is issued.",
        subcommands = {KeysCommand.Issue.class, KeysCommand.ListKeys.class, KeysCommand.Revoke.class})
final class KeysCommand {

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
                ApiKeyService.IssuedKey issued = context.getBean(ApiKeyService.class)
                        .issue(organizationId, parsedTier, rateLimit, requested, keyEnvironment, label);
                System.out.println("key: " + issued.key());
                System.out.println("id: " + issued.id());
                System.err.println("Store the key now: it is not shown again. Revoke it with: keys revoke " + issued.id());
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "List keys (hints only, never the keys): organization, environment, tier, hourly limit, scopes,"
                    + " when each was created, last used (to the minute) and revoked.")
    static final class ListKeys implements Callable<Integer> {

        @Option(names = "--org", description = "Only the keys of this organization.")
        UUID organizationId;

        @Override
        public Integer call() {
            try (var context = SpringContexts.forCommand()) {
                var keys = context.getBean(ApiKeyService.class).list(Optional.ofNullable(organizationId));
                String format = "%-36s  %-36s  %-19s  %-4s  %-10s  %9s  %-16s  %-20s  %-20s  %-20s  %s%n";
                System.out.printf(format, "ID", "ORGANIZATION", "HINT", "ENV", "TIER", "LIMIT/H", "SCOPES", "CREATED",
                        "LAST USED", "REVOKED", "LABEL");
                for (var key : keys) {
                    int limit = key.getRateLimit() != null ? key.getRateLimit()
                            : Tier.fromWireName(key.getTier()).defaultHourlyLimit();
                    System.out.printf(format, key.getId(), key.getOrganizationId(),
                            ApiKeyFormat.hint(key.getHintPrefix(), key.getHintSuffix()),
                            key.getEnvironment(), key.getTier(), limit,
                            key.getScopes().length == 0 ? "(none)" : String.join(",", key.getScopes()),
                            key.getCreatedAt().truncatedTo(ChronoUnit.SECONDS),
                            key.getLastUsedAt() == null ? "never" : key.getLastUsedAt().truncatedTo(ChronoUnit.SECONDS),
                            key.getRevokedAt() == null ? "-" : key.getRevokedAt().truncatedTo(ChronoUnit.SECONDS),
                            key.getLabel() == null ? "" : key.getLabel());
                }
            }
            return 0;
        }
    }

    @Command(name = "revoke", mixinStandardHelpOptions = true, description = "Revoke a key by id or hint (first 8 + \"...\" + last 8).")
    static final class Revoke implements Callable<Integer> {

        @Parameters(paramLabel = "KEY_ID_OR_HINT", description = "The key's id, or its hint as keys list shows it.")
        String idOrHint;

        @Override
        public Integer call() {
            try (var context = SpringContexts.forCommand()) {
                UUID revoked = context.getBean(ApiKeyService.class).revoke(idOrHint.strip());
                System.out.println("revoked: " + revoked);
            }
            return 0;
        }
    }
}
