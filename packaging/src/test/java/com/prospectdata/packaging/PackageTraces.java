package com.prospectdata.packaging;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether anything of a prospect-api installation is on this machine: a package dpkg knows in any
 * state but purged, one of the paths an installation makes, or the system user or group. The
 * package test purges what it installs, and a purge deletes the settings, the data directory and
 * the user: where any of them is already there it would take an operator's with it, so there it
 * does not run ({@link #whyNotHere}).
 */
final class PackageTraces {

    static final String NAME = "prospect-api";

    /** The output format of {@code dpkg-query -W -f}: one line for each architecture dpkg knows the package for. */
    static final String DPKG_QUERY_FORMAT = "${db:Status-Status} ${Version}\n";

    /**
     * The paths that belong to an installation and to no other package: the package's own files
     * and directories, what its maintainer scripts make, and what {@code systemctl enable} or an
     * operator's override makes of its unit (the purge disables the unit).
     */
    static final List<Path> PATHS = List.of(
            Path.of("/usr/share/prospect-api"),
            Path.of("/usr/share/doc/prospect-api"),
            Path.of("/usr/bin/prospect-api"),
            Path.of("/etc/prospect-api"),
            Path.of("/var/lib/prospect-api"),
            Path.of("/var/log/prospect-api"),
            Path.of("/usr/lib/systemd/system/prospect-api.service"),
            Path.of("/lib/systemd/system/prospect-api.service"),
            Path.of("/etc/systemd/system/prospect-api.service"),
            Path.of("/etc/systemd/system/prospect-api.service.d"),
            Path.of("/etc/systemd/system/multi-user.target.wants/prospect-api.service"));

    private static final String BECAUSE = "; the package test installs and purges a package of its own and touches no installation it did not make";

    /** What the machine says, one look each. */
    interface Machine {

        /** {@code dpkg-query -W -f DPKG_QUERY_FORMAT prospect-api}. */
        DpkgQuery dpkgQuery();

        /** Whether the path is there, a dangling link included. */
        boolean exists(Path path);

        boolean hasUser(String name);

        boolean hasGroup(String name);
    }

    /** dpkg-query's exit status (1: no such package) and its output, stderr with stdout. */
    record DpkgQuery(int exit, String output) {
    }

    private PackageTraces() {
    }

    /** One line saying why the package test may not run here, or nothing on a machine without a trace of the package. */
    static Optional<String> whyNotHere(Machine machine) {
        Optional<String> known = knownToDpkg(machine.dpkgQuery());
        if (known.isPresent()) {
            return Optional.of("skipped: a prospect-api package is here (" + known.get() + ")" + BECAUSE);
        }
        List<String> traces = new ArrayList<>();
        PATHS.stream().filter(machine::exists).forEach(path -> traces.add(path.toString()));
        if (machine.hasUser(NAME)) {
            traces.add("the user " + NAME);
        }
        if (machine.hasGroup(NAME)) {
            traces.add("the group " + NAME);
        }
        if (traces.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("skipped: traces of a prospect-api installation are here (" + String.join(", ", traces) + ")" + BECAUSE);
    }

    /** dpkg's state of the package, unless dpkg knows it as purged or not at all; a failed query counts, as it cannot tell. */
    private static Optional<String> knownToDpkg(DpkgQuery query) {
        if (query.exit() == 1) {
            return Optional.empty();
        }
        String output = query.output().strip();
        if (query.exit() != 0) {
            return Optional.of("dpkg-query failed with exit " + query.exit() + ": " + firstLine(output));
        }
        return output.lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .map(line -> line.split(" ", 2))
                .filter(statusAndVersion -> !statusAndVersion[0].equals("not-installed"))
                .map(statusAndVersion -> statusAndVersion.length < 2 || statusAndVersion[1].isBlank()
                        ? statusAndVersion[0]
                        : statusAndVersion[0] + ", version " + statusAndVersion[1].strip())
                .findFirst();
    }

    private static String firstLine(String text) {
        return text.lines().findFirst().orElse("no output");
    }
}
