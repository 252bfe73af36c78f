package com.prospectdata.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Debian package this build made, as an operator installs it: {@code dpkg -i}, the command
 * run as the service user (help, and {@code keys list} on the embedded PostgreSQL it starts in
 * /var/lib/prospect-api), installed again as an upgrade, the unit checked by
 * {@code systemd-analyze verify}, then {@code dpkg --purge}, after which nothing of it may be
 * left. It changes the machine, so it runs as root only, and only where nothing of an
 * installation is ({@link PackageTraces}): a purge deletes the settings, the data and the user,
 * and those of an installation it did not make are not its to delete. Nor does it leave anything
 * in /tmp. The commands run with the environment the unit gives them: no JAVA_HOME, the standard
 * PATH.
 */
class DebianPackageIT {

    private static final String NAME = PackageTraces.NAME;
    private static final Path SETTINGS = Path.of("/etc/prospect-api/prospect-api.env");
    private static final Path DATA = Path.of("/var/lib/prospect-api");
    private static final Path UNIT = Path.of("/usr/lib/systemd/system/prospect-api.service");
    private static final Path TARGET = Path.of(System.getProperty("packaging.target", "target"));

    // Before each test, not all: an assumption failing before all counts no test at all, where
    // before each the test is reported skipped.
    @BeforeEach
    void rootWithDpkgAndNoInstallation() {
        skipUnless(run(List.of("id", "-u")).output().strip().equals("0"),
                "skipped: installing a package needs root (run the build as root to test the .deb)");
        skipUnless(onPath("dpkg"), "skipped: no dpkg on PATH, not a Debian machine");
        Optional<String> installation = PackageTraces.whyNotHere(new ThisMachine());
        skipUnless(installation.isEmpty(), installation.orElse(""));
    }

    /** The reason goes to the reports with the assumption, and to stderr for whoever reads the build's output. */
    private static void skipUnless(boolean condition, String reason) {
        if (!condition) {
            System.err.println(reason);
        }
        assumeTrue(condition, reason);
    }

    @Test
    void installsRunsAsTheServiceUserAndPurgesWithoutATrace() throws IOException {
        Path deb = theDeb();
        // What dpkg --purge must give back: every path of the package as it was before (the
        // shared directories such as /usr/bin stay, the package's own go), and none of the
        // paths the maintainer scripts make.
        Map<Path, Boolean> existedBefore = new LinkedHashMap<>();
        for (Path path : contentsOf(deb)) {
            existedBefore.put(path, Files.exists(path, LinkOption.NOFOLLOW_LINKS));
        }
        assertThat(existedBefore).containsKeys(Path.of("/usr/share/prospect-api/prospect-api.jar"), Path.of("/usr/bin/prospect-api"),
                SETTINGS, UNIT);
        // The guard looked for every path of the package's own before the test began.
        assertThat(existedBefore.keySet()).filteredOn(path -> path.toString().contains(NAME))
                .allMatch(path -> PackageTraces.PATHS.stream().anyMatch(path::startsWith), "under one of " + PackageTraces.PATHS);
        Set<Path> temporaryBefore = temporaryEntries();
        int serviceUid;
        for (Path made : List.of(DATA, Path.of("/var/log/prospect-api"))) {
            existedBefore.put(made, false);
        }
        try {
            assertSucceeds(run(List.of("dpkg", "-i", deb.toString())));
            assertThat(run(List.of("getent", "passwd", NAME)).output().strip())
                    .endsWith(":" + DATA + ":/usr/sbin/nologin");
            serviceUid = (int) Files.getAttribute(DATA, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            assertOwnedAndMode(SETTINGS, "root", NAME, "rw-r-----");
            assertOwnedAndMode(DATA, NAME, NAME, "rwxr-x---");
            assertThat(Files.readString(SETTINGS)).contains("APP_DATA_DIR=" + DATA);

            Result help = asServiceUser("--help");
            assertSucceeds(help);
            assertThat(help.output()).contains("Usage: prospect-api").contains("keys");

            assertSucceeds(asServiceUser("keys", "list"));
            // The embedded PostgreSQL was made in the data directory, and everything there is the service user's.
            assertThat(DATA.resolve("postgres/PG_VERSION")).isRegularFile();
            try (Stream<Path> made = Files.walk(DATA)) {
                assertThat(made.filter(path -> !ownerOf(path).equals(NAME)).toList()).isEmpty();
            }

            // A short command's first run leaves a start-up cache behind it, made in the background;
            // the next run starts from it and answers the same.
            Path cache = awaitStartupCache();
            assertThat(ownerOf(cache)).isEqualTo(NAME);
            Result cached = asServiceUser("keys", "list");
            assertSucceeds(cached);
            assertThat(cached.output()).startsWith("ID ");

            // The same package again takes the upgrade's path through the maintainer scripts: the data and the settings' modes stay.
            assertSucceeds(run(List.of("dpkg", "-i", deb.toString())));
            assertThat(DATA.resolve("postgres/PG_VERSION")).isRegularFile();
            assertOwnedAndMode(SETTINGS, "root", NAME, "rw-r-----");
            assertOwnedAndMode(DATA, NAME, NAME, "rwxr-x---");

            // One line, no Java started, for a user who may not read the settings and for a JAVA_HOME that is no Java.
            Result unreadable = command(List.of("runuser", "-u", "nobody", "--", "prospect-api", "keys", "list"), null);
            assertThat(unreadable.exit()).isEqualTo(1);
            assertThat(unreadable.output().strip()).isEqualTo("prospect-api: cannot read " + SETTINGS
                    + ": run the command as root or as the prospect-api user (sudo -u prospect-api prospect-api ...)");
            Result noJava = command(List.of("runuser", "-u", NAME, "--", "prospect-api", "keys", "list"), "/nonexistent");
            assertThat(noJava.exit()).isEqualTo(1);
            assertThat(noJava.output().strip()).isEqualTo("prospect-api: JAVA_HOME=/nonexistent is not a Java 21 or newer (set JAVA_HOME in "
                    + SETTINGS + ")");

            if (onPath("systemd-analyze")) {
                Result verify = run(List.of("systemd-analyze", "verify", UNIT.toString()));
                assertThat(verify.output()).as("systemd-analyze verify's findings").isEmpty();
                assertThat(verify.exit()).isZero();
            }
        } finally {
            // The installation this test made, none other: there was none before it (rootWithDpkgAndNoInstallation).
            Result purge = run(List.of("dpkg", "--purge", NAME));
            assertSucceeds(purge);
        }

        assertThat(PackageTraces.whyNotHere(new ThisMachine())).as("what dpkg --purge left of the package").isEmpty();
        Map<Path, Boolean> existsAfter = new LinkedHashMap<>();
        existedBefore.keySet().forEach(path -> existsAfter.put(path, Files.exists(path, LinkOption.NOFOLLOW_LINKS)));
        assertThat(existsAfter).as("paths that exist after dpkg --purge, against before dpkg -i").isEqualTo(existedBefore);
        // Other builds share /tmp: only what the service user made counts, and that user is gone now.
        Set<Path> leftInTemporary = new TreeSet<>(temporaryEntries());
        leftInTemporary.removeAll(temporaryBefore);
        leftInTemporary.removeIf(path -> !ownedBy(path, serviceUid) && !path.getFileName().toString().contains(NAME));
        assertThat(leftInTemporary).as("what the service user's commands left in /tmp and /var/tmp").isEmpty();
    }

    /** The entries of /tmp and /var/tmp, where a process writes what it does not keep, whichever its java.io.tmpdir. */
    private static Set<Path> temporaryEntries() throws IOException {
        Set<Path> entries = new TreeSet<>();
        for (Path directory : List.of(Path.of("/tmp"), Path.of("/var/tmp"))) {
            try (Stream<Path> listed = Files.list(directory)) {
                listed.forEach(entries::add);
            }
        }
        return entries;
    }

    /** Whether the path belongs to the uid; one another build removed meanwhile does not. */
    private static boolean ownedBy(Path path, int uid) {
        try {
            return (int) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS) == uid;
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The cache of short commands, once the background run that makes it has ended. That run is
     * niced on purpose, and on a busy machine (the build trains the jar tier's caches meanwhile)
     * it ends when the machine has time for it: the wait follows the making's JVM to its exit,
     * never a clock. Its lock is made before that JVM starts and removed after it ended, by a
     * shell at normal priority.
     */
    private static Path awaitStartupCache() throws IOException {
        Path directory = DATA.resolve("aot");
        long lastSeenMaking = System.nanoTime();
        while (!locks(directory).isEmpty()) {
            Optional<ProcessHandle> making = cacheMaking(directory);
            if (making.isPresent()) {
                making.get().onExit().join();
                lastSeenMaking = System.nanoTime();
            } else if (System.nanoTime() - lastSeenMaking > TimeUnit.MINUTES.toNanos(2)) {
                throw new AssertionError("the lock of the cache's making outlived its JVM: " + locks(directory));
            } else {
                pause();
            }
        }
        try (Stream<Path> files = Files.list(directory)) {
            List<Path> present = files.toList();
            assertThat(present).as("what the cache's making left in %s", directory).hasSize(1)
                    .allMatch(path -> path.getFileName().toString().matches("commands-.*\\.aot"));
            return present.getFirst();
        }
    }

    private static List<Path> locks(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(path -> path.getFileName().toString().endsWith(".lock")).toList();
        }
    }

    /** The JVM writing a cache into the directory, found by its command line (the test runs as root and sees every process's). */
    private static Optional<ProcessHandle> cacheMaking(Path directory) {
        String option = "-XX:AOTCacheOutput=" + directory + "/";
        return ProcessHandle.allProcesses()
                .filter(process -> process.info().arguments().stream().flatMap(Stream::of).anyMatch(argument -> argument.startsWith(option)))
                .findFirst();
    }

    private static void pause() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Path theDeb() throws IOException {
        try (Stream<Path> files = Files.list(TARGET)) {
            List<Path> debs = files.filter(path -> path.getFileName().toString().matches("prospect-api_.+_amd64\\.deb")).toList();
            assertThat(debs).as(".deb files in " + TARGET).hasSize(1);
            return debs.getFirst();
        }
    }

    /** The machine as the guard sees it, through the same commands as the test's. */
    private static final class ThisMachine implements PackageTraces.Machine {

        @Override
        public PackageTraces.DpkgQuery dpkgQuery() {
            Result query = run(List.of("dpkg-query", "-W", "-f", PackageTraces.DPKG_QUERY_FORMAT, NAME));
            return new PackageTraces.DpkgQuery(query.exit(), query.output());
        }

        @Override
        public boolean exists(Path path) {
            return Files.exists(path, LinkOption.NOFOLLOW_LINKS);
        }

        @Override
        public boolean hasUser(String name) {
            return run(List.of("getent", "passwd", name)).exit() == 0;
        }

        @Override
        public boolean hasGroup(String name) {
            return run(List.of("getent", "group", name)).exit() == 0;
        }
    }

    /** The paths of the package's data, from its listing: "drwxr-xr-x root/root 0 2026-01-01 00:00 ./usr/bin/". */
    private static List<Path> contentsOf(Path deb) {
        Result listed = run(List.of("dpkg-deb", "--contents", deb.toString()));
        assertSucceeds(listed);
        return listed.output().lines()
                .map(line -> line.substring(line.indexOf(" ./") + 2))
                .filter(path -> !path.equals("/"))
                .map(path -> Path.of(path.endsWith("/") ? path.substring(0, path.length() - 1) : path))
                .toList();
    }

    private static Result asServiceUser(String... arguments) {
        List<String> command = new ArrayList<>(List.of("runuser", "-u", NAME, "--", "prospect-api"));
        command.addAll(List.of(arguments));
        return command(command, null);
    }

    /** A command with the unit's environment: the standard PATH, JAVA_HOME only when given. */
    private static Result command(List<String> command, String javaHome) {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("JAVA_HOME");
        builder.environment().remove("JAVA_OPTS");
        builder.environment().put("PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
        if (javaHome != null) {
            builder.environment().put("JAVA_HOME", javaHome);
        }
        return run(builder);
    }

    private static Result run(List<String> command) {
        return run(new ProcessBuilder(command));
    }

    /** Runs a command to its end, its output (stderr with stdout) kept for the assertions and in target/package-commands.log. */
    private static Result run(ProcessBuilder builder) {
        String command = String.join(" ", builder.command());
        try {
            Path output = Files.createTempFile(TARGET, "command", ".out");
            builder.redirectErrorStream(true).redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            long started = System.nanoTime();
            Process process = builder.start();
            // A bound on a command that hangs, not a measurement: keys list starts PostgreSQL on a busy machine.
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly().waitFor();
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            String printed = Files.readString(output);
            Files.delete(output);
            Files.writeString(TARGET.resolve("package-commands.log"),
                    "$ " + command + "\n" + printed + "(exit " + process.exitValue() + ", " + millis + " ms)\n\n",
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return new Result(command, process.exitValue(), printed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static boolean onPath(String tool) {
        return run(List.of("sh", "-c", "command -v " + tool)).exit() == 0;
    }

    private static void assertSucceeds(Result result) {
        assertThat(result.exit()).as("%s printed:%n%s", result.command(), result.output()).isZero();
    }

    private static void assertOwnedAndMode(Path path, String owner, String group, String mode) throws IOException {
        PosixFileAttributes attributes = Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        assertThat(attributes.owner().getName()).as("owner of " + path).isEqualTo(owner);
        assertThat(attributes.group().getName()).as("group of " + path).isEqualTo(group);
        assertThat(PosixFilePermissions.toString(attributes.permissions())).as("mode of " + path).isEqualTo(mode);
    }

    private static String ownerOf(Path path) {
        try {
            return Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private record Result(String command, int exit, String output) {
    }
}
