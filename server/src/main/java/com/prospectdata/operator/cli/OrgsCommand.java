package com.prospectdata.operator.cli;

import com.prospectdata.data.organizations.OrganizationQueries;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "orgs", mixinStandardHelpOptions = true,
        description = "Manage the organizations that own prospect searches and API keys.",
        subcommands = {OrgsCommand.Create.class, OrgsCommand.ListOrgs.class})
final class OrgsCommand {

    @Command(name = "create", mixinStandardHelpOptions = true, description = "Create an organization and print its id.")
    static final class Create implements Callable<Integer> {

        @Option(names = "--name", required = true, description = "The organization's name.")
        String name;

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            if (name.isBlank()) {
                throw new IllegalArgumentException("--name must not be blank");
            }
            try (var context = SpringContexts.forCommand()) {
                Instant created = context.getBean(Clock.class).instant();
                UUID id = context.getBean(OrganizationQueries.class).create(name.strip(), created);
                if (output.json()) {
                    OutputFormat.print(OutputFormat.object("id", id.toString(), "name", name.strip(),
                            "created_at", OutputFormat.time(created)));
                } else {
                    System.out.println(id);
                }
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the organizations.")
    static final class ListOrgs implements Callable<Integer> {

        @Mixin
        OutputFormat output;

        @Override
        public Integer call() {
            try (var context = SpringContexts.forCommand()) {
                var organizations = context.getBean(OrganizationQueries.class).list();
                if (output.json()) {
                    OutputFormat.print(organizations.stream().map(org -> OutputFormat.object("id", org.getId().toString(),
                            "name", org.getName(), "created_at", OutputFormat.time(org.getCreatedAt()))).toList());
                    return 0;
                }
                System.out.printf("%-36s  %-20s  %s%n", "ID", "CREATED", "NAME");
                organizations.forEach(org -> System.out.printf("%-36s  %-20s  %s%n",
                        org.getId(), org.getCreatedAt().truncatedTo(java.time.temporal.ChronoUnit.SECONDS), org.getName()));
            }
            return 0;
        }
    }
}
