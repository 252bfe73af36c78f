package com.prospectdata.operator.cli;

import com.prospectdata.data.organizations.OrganizationQueries;
import java.time.Clock;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "orgs", mixinStandardHelpOptions = true,
        description = "Manage the organizations that own prospect searches and API keys.",
        subcommands = {OrgsCommand.Create.class, OrgsCommand.ListOrgs.class})
final class OrgsCommand {

    @Command(name = "create", mixinStandardHelpOptions = true, description = "Create an organization and print its id.")
    static final class Create implements Callable<Integer> {

        @Option(names = "--name", required = true, description = "The organization's name.")
        String name;

        @Override
        public Integer call() {
            if (name.isBlank()) {
                throw new IllegalArgumentException("--name must not be blank");
            }
            try (var context = SpringContexts.forCommand()) {
                UUID id = context.getBean(OrganizationQueries.class)
                        .create(name.strip(), context.getBean(Clock.class).instant());
                System.out.println(id);
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the organizations.")
    static final class ListOrgs implements Callable<Integer> {

        @Override
        public Integer call() {
            try (var context = SpringContexts.forCommand()) {
                var organizations = context.getBean(OrganizationQueries.class).list();
                System.out.printf("%-36s  %-20s  %s%n", "ID", "CREATED", "NAME");
                organizations.forEach(org -> System.out.printf("%-36s  %-20s  %s%n",
                        org.getId(), org.getCreatedAt().truncatedTo(java.time.temporal.ChronoUnit.SECONDS), org.getName()));
            }
            return 0;
        }
    }
}
