package com.prospectdata.data.database;

import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the postmaster of a data directory was last started, as PostgreSQL itself recorded it in
 * {@code postmaster.opts} (its binary and every option: port, settings), and a start with the
 * same through {@code pg_ctl}, the binary's neighbour. So the server comes back exactly as it
 * was, on the port the pool's URL names, whichever process started it first, and without a
 * second handle of zonky's, which would take its lock on the data directory again.
 *
 * <p>{@code pg_ctl} starts the postmaster in a session of its own, detached from this process
 * and its terminal, with its output appended to the server's log, and with {@code -w} waits
 * until it accepts connections or has failed; what made it fail is the last {@code FATAL} or
 * {@code PANIC} line it wrote to that log.
 */
final class PostmasterCommand {

    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");
    private static final Pattern PROBLEM = Pattern.compile("\\b(FATAL|PANIC):\\s+(.*)");

    private final Path binary;
    /** Its options but the data directory, which pg_ctl gives. */
    private final List<String> options;

    private PostmasterCommand(Path binary, List<String> options) {
        this.binary = binary;
        this.options = List.copyOf(options);
    }

    /** The command PostgreSQL recorded at its last start in that data directory, if it left one. */
    static Optional<PostmasterCommand> read(Path dataDirectory) {
        try {
            return parse(Files.readString(dataDirectory.resolve("postmaster.opts"), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** {@code /path/bin/postgres "-D" "/data" "-p" "5432" "-c" "name=value" ...}: the binary unquoted, each option quoted. */
    static Optional<PostmasterCommand> parse(String recorded) {
        String line = recorded.strip();
        int firstOption = line.indexOf(" \"");
        String binary = (firstOption < 0 ? line : line.substring(0, firstOption)).strip();
        if (binary.isEmpty()) {
            return Optional.empty();
        }
        List<String> options = new ArrayList<>();
        if (firstOption >= 0) {
            Matcher quoted = QUOTED.matcher(line.substring(firstOption));
            List<String> all = new ArrayList<>();
            while (quoted.find()) {
                all.add(quoted.group(1));
            }
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).equals("-D")) {
                    i++;
                } else {
                    options.add(all.get(i));
                }
            }
        }
        return Optional.of(new PostmasterCommand(Path.of(binary), options));
    }

    Path binary() {
        return binary;
    }

    List<String> options() {
        return options;
    }

    /**
     * Starts the postmaster on {@code dataDirectory} and waits until it accepts connections, at
     * most {@code timeout}; empty when it does, else what stopped it, in PostgreSQL's words.
     */
    Optional<String> start(Path dataDirectory, Path serverLog, Duration timeout) throws InterruptedException {
        List<String> command = new ArrayList<>();
        if (LinuxUtils.isUnshareAvailable()) {
            // PostgreSQL refuses to run as root: as zonky does, in a user namespace of its own.
            command.addAll(List.of("unshare", "-U"));
        }
        command.addAll(List.of(binary.resolveSibling("pg_ctl").toString(), "-D", dataDirectory.toString(),
                "-w", "-t", Long.toString(timeout.toSeconds()), "-o", shellWords(options), "start"));
        long logBefore = size(serverLog);
        try {
            Process pgCtl = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(serverLog.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .start();
            if (!pgCtl.waitFor(timeout.toSeconds() + 10, TimeUnit.SECONDS)) {
                pgCtl.destroyForcibly();
                return Optional.of("pg_ctl did not end within " + (timeout.toSeconds() + 10) + " s");
            }
            if (pgCtl.exitValue() == 0) {
                return Optional.empty();
            }
            return Optional.of(lastProblem(serverLog, logBefore).orElse("pg_ctl start ended with status " + pgCtl.exitValue()
                    + "; see " + serverLog));
        } catch (IOException e) {
            return Optional.of("could not run " + command.getFirst() + ": " + e.getMessage());
        }
    }

    /** The options as pg_ctl hands them to the shell that runs the postmaster: each a word, quoted. */
    static String shellWords(List<String> options) {
        List<String> words = new ArrayList<>();
        for (String option : options) {
            words.add("'" + option.replace("'", "'\\''") + "'");
        }
        return String.join(" ", words);
    }

    /** The last FATAL or PANIC line written to the log after {@code offset}, from that word on. */
    static Optional<String> lastProblem(Path serverLog, long offset) {
        return lastProblem(serverLog, offset, "");
    }

    /** The last FATAL or PANIC line written to the log after {@code offset} that contains {@code words}, from that word on. */
    static Optional<String> lastProblem(Path serverLog, long offset, String words) {
        String written;
        try (InputStream in = Files.newInputStream(serverLog)) {
            in.skipNBytes(Math.min(offset, Files.size(serverLog)));
            written = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Optional.empty();
        }
        String problem = null;
        for (String line : written.lines().toList()) {
            Matcher matcher = PROBLEM.matcher(line);
            if (matcher.find() && line.contains(words)) {
                problem = matcher.group(1) + ": " + matcher.group(2).strip();
            }
        }
        return Optional.ofNullable(problem);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }
}
