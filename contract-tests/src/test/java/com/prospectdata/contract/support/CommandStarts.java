package com.prospectdata.contract.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How an operator command's JVM is started. A test run starts some sixty of them, each a Spring
 * context on a JVM of its own, and on two cores their start-up is most of the run's CPU. So the
 * commands run from the jar as Spring Boot's {@code tools} jar mode extracts it (the same classes
 * and resources, as plain jars the JDK can archive), with the JDK's ahead-of-time cache of the
 * classes a command loads and links (JEP 483 and 514): the first command of the run is the
 * training run that writes the cache, every later one starts from it (bench/notes/operations.md,
 * "Operator commands' start-up"). Until the cache exists, and if it cannot be made, commands run
 * the packaged jar itself. {@code serve} always runs the packaged jar, as it is deployed; so do the
 * commands of DemoModeJarTest, exactly as the README prints them.
 */
final class CommandStarts {

    private static final Logger log = LoggerFactory.getLogger(CommandStarts.class);

    /** Short-lived: C1 alone and the serial collector start a command sooner than C2 and G1. */
    private static final List<String> SHORT_LIVED = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private enum State { NOT_MADE, TRAINING, READY, UNAVAILABLE }

    private static State state = State.NOT_MADE;
    private static Path extractedJar;
    private static Path cache;

    private CommandStarts() {
    }

    /** A command line's start: the JVM's options and the jar, up to the command's own arguments. */
    record Start(List<String> command, boolean training) {
    }

    static synchronized Start forCommand(String java, Path packagedJar) {
        List<String> command = new ArrayList<>(List.of(java));
        command.addAll(SHORT_LIVED);
        switch (state) {
            case NOT_MADE -> {
                // The one-step training run (-XX:AOTCacheOutput) came with JDK 25.
                if (Runtime.version().feature() >= 25 && extract(java, packagedJar)) {
                    state = State.TRAINING;
                    // The JVM's own log would add lines to the command's output, which tests read.
                    command.addAll(List.of("-XX:AOTCacheOutput=" + cache, "-Xlog:disable", "-jar", extractedJar.toString()));
                    return new Start(command, true);
                }
                state = State.UNAVAILABLE;
            }
            case READY -> {
                command.addAll(List.of("-XX:AOTCache=" + cache, "-Xlog:disable", "-jar", extractedJar.toString()));
                return new Start(command, false);
            }
            case TRAINING, UNAVAILABLE -> {
            }
        }
        command.addAll(List.of("-jar", packagedJar.toString()));
        return new Start(command, false);
    }

    /** Called when the training run has ended: later commands use its cache if it wrote one. */
    static synchronized void trainingEnded() {
        state = cache != null && Files.isRegularFile(cache) ? State.READY : State.UNAVAILABLE;
        if (state == State.UNAVAILABLE) {
            log.warn("No ahead-of-time cache was written to {}: commands run the packaged jar, at their full start-up cost", cache);
        }
    }

    private static boolean extract(String java, Path packagedJar) {
        Path directory = Deployment.contractDirectory().resolve("command-jar");
        try {
            Directories.deleteRecursively(directory);
            Process process = new ProcessBuilder(java, "-Djarmode=tools", "-jar", packagedJar.toString(),
                    "extract", "--destination", directory.resolve("extracted").toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                log.warn("Could not extract {}: commands run the packaged jar", packagedJar);
                return false;
            }
            extractedJar = directory.resolve("extracted").resolve(packagedJar.getFileName());
            cache = directory.resolve("commands.aot");
            return Files.isRegularFile(extractedJar);
        } catch (IOException | UncheckedIOException e) {
            log.warn("Could not extract {}: {}", packagedJar, e.toString());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
