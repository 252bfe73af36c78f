package com.prospectdata.operator.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The jar's command line (docs/OPERATIONS.md, "Operator commands"). Arguments are parsed before
 * Spring starts, so {@code --help} and usage errors are instant and touch no database.
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
final class OperatorCommandLine implements Runnable {

    private static final Pattern CANONICAL_UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

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
        commandLine.registerConverter(UUID.class, OperatorCommandLine::uuid);
        commandLine.setExecutionExceptionHandler((exception, cmd, parseResult) -> {
            PrintWriter err = cmd.getErr();
            err.println("error: " + OneLineMessage.of(exception));
            err.flush();
            return 1;
        });
        // A mistyped command gets one line naming what is wrong and where to read more, not the
        // whole usage: the operator's terminal, or a script's log, keeps the reason in view.
        commandLine.setParameterExceptionHandler((exception, refusedArguments) -> {
            PrintWriter err = exception.getCommandLine().getErr();
            // picocli words some of its messages "Error: ..." already.
            String message = OneLineMessage.of(exception).replaceFirst("^Error: ", "");
            err.println("error: " + message + " (see: prospect-api "
                    + qualifiedName(exception.getCommandLine()) + "--help)");
            err.flush();
            return exception.getCommandLine().getCommandSpec().exitCodeOnInvalidInput();
        });
        return commandLine.execute(effective);
    }

    /** An id in its canonical 8-4-4-4-12 form: Java's own reading takes "1-2-3-4-5" for an id. */
    static UUID uuid(String text) {
        if (!CANONICAL_UUID.matcher(text).matches()) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not an id (a UUID such as 3f2b8c1d-9e4a-4b7f-8a21-6d5c0e9f1a42)");
        }
        return UUID.fromString(text);
    }

    /** "keys issue " for that subcommand, "" for the top level. */
    private static String qualifiedName(CommandLine command) {
        String qualified = command.getCommandSpec().qualifiedName(" ");
        int top = qualified.indexOf(' ');
        return top < 0 ? "" : qualified.substring(top + 1) + " ";
    }

    private static String[] prepend(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
