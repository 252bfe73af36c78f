package com.prospectdata.operator.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** A command of the jar run in this JVM, as an operator would run it: what it printed and how it ended. */
record CommandRun(int status, String stdout, String stderr) {

    /** One command at a time: the standard streams are the JVM's own. */
    static synchronized CommandRun of(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            int status = OperatorCommandLine.run(args);
            return new CommandRun(status, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    List<String> errorLines() {
        return stderr.lines().filter(line -> !line.isBlank()).toList();
    }
}
