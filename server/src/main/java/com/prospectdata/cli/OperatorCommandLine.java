package com.prospectdata.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The jar's command line (decisions.md section 8). Arguments are parsed before Spring starts,
 * so {@code --help} and usage errors are instant and touch no database.
 */
@Command(name = "prospect-api",
        mixinStandardHelpOptions = true,
        version = "Company Prospect Data API 1.0.0",
        description = "The Company Prospect Data API server and its operator tool. With no command: serve.",
        subcommands = {
                ServeCommand.class,
                OrgsCommand.class,
                KeysCommand.class,
                ImportCommand.class,
                DemoDataCommand.class,
                CommandLine.HelpCommand.class
        })
public final class OperatorCommandLine implements Runnable {

    @Override
    public void run() {
        // Reached only without a subcommand: serving is the default.
    }

    /** Runs the command line and returns the process exit status. */
    public static int run(String[] args) {
        // No command, or only serve's options and Spring properties (--demo, --server.port=...): serve.
        boolean servingByDefault = args.length == 0
                || (args[0].startsWith("--") && !List.of("--help", "--version").contains(args[0]));
        String[] effective = servingByDefault ? prepend("serve", args) : args;
        CommandLine commandLine = new CommandLine(new OperatorCommandLine());
        commandLine.setExecutionExceptionHandler((exception, cmd, parseResult) -> {
            PrintWriter err = cmd.getErr();
            err.println("error: " + OneLineMessage.of(exception));
            err.flush();
            return 1;
        });
        return commandLine.execute(effective);
    }

    private static String[] prepend(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
