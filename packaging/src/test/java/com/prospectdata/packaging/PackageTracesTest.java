package com.prospectdata.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import com.prospectdata.packaging.PackageTraces.DpkgQuery;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The package test's decision to stay away from a machine with an installation on it, from what dpkg-query, the paths and getent would say. */
class PackageTracesTest {

    private static final DpkgQuery UNKNOWN_TO_DPKG = new DpkgQuery(1, "dpkg-query: no packages found matching prospect-api\n");
    private static final String BECAUSE = "; the package test installs and purges a package of its own and touches no installation it did not make";

    @Test
    void aMachineWithoutATraceIsTheTestsToUse() {
        assertThat(PackageTraces.whyNotHere(machine(UNKNOWN_TO_DPKG, Set.of(), false, false))).isEmpty();
    }

    @Test
    void aPackageDpkgRemembersAsPurgedLeftNothing() {
        assertThat(PackageTraces.whyNotHere(machine(new DpkgQuery(0, "not-installed \n"), Set.of(), false, false))).isEmpty();
    }

    @Test
    void anInstalledPackageIsNamedWithItsVersionInOneLine() {
        Optional<String> reason = PackageTraces.whyNotHere(machine(new DpkgQuery(0, "installed 1.0.0~SNAPSHOT\n"),
                Set.copyOf(PackageTraces.PATHS), true, true));

        assertThat(reason).contains("skipped: a prospect-api package is here (installed, version 1.0.0~SNAPSHOT)" + BECAUSE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"config-files", "half-installed", "unpacked", "half-configured", "triggers-awaited", "triggers-pending"})
    void aPackageInAnyOtherStateButPurgedIsNamed(String status) {
        Optional<String> reason = PackageTraces.whyNotHere(machine(new DpkgQuery(0, status + " 0.9.0\n"), Set.of(), false, false));

        assertThat(reason).contains("skipped: a prospect-api package is here (" + status + ", version 0.9.0)" + BECAUSE);
    }

    @Test
    void aPackageOfAnotherArchitectureCounts() {
        Optional<String> reason = PackageTraces.whyNotHere(machine(new DpkgQuery(0, "not-installed \nconfig-files 1.0.0\n"),
                Set.of(), false, false));

        assertThat(reason).contains("skipped: a prospect-api package is here (config-files, version 1.0.0)" + BECAUSE);
    }

    @Test
    void aFailedQueryCountsAsATraceForItCannotTell() {
        Optional<String> reason = PackageTraces.whyNotHere(machine(
                new DpkgQuery(2, "dpkg-query: error: parsing file '/var/lib/dpkg/status' near line 7\nmore\n"), Set.of(), false, false));

        assertThat(reason).contains("skipped: a prospect-api package is here (dpkg-query failed with exit 2: "
                + "dpkg-query: error: parsing file '/var/lib/dpkg/status' near line 7)" + BECAUSE);
    }

    @ParameterizedTest
    @FieldSource("com.prospectdata.packaging.PackageTraces#PATHS")
    void anyPathOfAnInstallationLeftBehindIsNamed(Path path) {
        Optional<String> reason = PackageTraces.whyNotHere(machine(UNKNOWN_TO_DPKG, Set.of(path), false, false));

        assertThat(reason).contains("skipped: traces of a prospect-api installation are here (" + path + ")" + BECAUSE);
    }

    @Test
    void theUserAndTheGroupLeftBehindAreNamed() {
        assertThat(PackageTraces.whyNotHere(machine(UNKNOWN_TO_DPKG, Set.of(), true, false)))
                .contains("skipped: traces of a prospect-api installation are here (the user prospect-api)" + BECAUSE);
        assertThat(PackageTraces.whyNotHere(machine(UNKNOWN_TO_DPKG, Set.of(), false, true)))
                .contains("skipped: traces of a prospect-api installation are here (the group prospect-api)" + BECAUSE);
    }

    @Test
    void everyTraceLeftBehindIsNamedInTheSameLine() {
        Optional<String> reason = PackageTraces.whyNotHere(machine(UNKNOWN_TO_DPKG,
                Set.of(Path.of("/etc/prospect-api"), Path.of("/var/lib/prospect-api")), true, true));

        assertThat(reason).contains("skipped: traces of a prospect-api installation are here "
                + "(/etc/prospect-api, /var/lib/prospect-api, the user prospect-api, the group prospect-api)" + BECAUSE);
    }

    @Test
    void pathsOfOtherPackagesAreNoTrace() {
        Set<Path> shared = Set.of(Path.of("/usr/bin"), Path.of("/etc"), Path.of("/var/lib"), Path.of("/usr/lib/systemd/system"),
                Path.of("/var/lib/prospect-api-archive"), Path.of("/etc/prospect-api.bak"));

        assertThat(PackageTraces.whyNotHere(machine(UNKNOWN_TO_DPKG, shared, false, false))).isEmpty();
    }

    private static PackageTraces.Machine machine(DpkgQuery query, Set<Path> present, boolean user, boolean group) {
        return new PackageTraces.Machine() {
            @Override
            public DpkgQuery dpkgQuery() {
                return query;
            }

            @Override
            public boolean exists(Path path) {
                return present.contains(path);
            }

            @Override
            public boolean hasUser(String name) {
                return user && name.equals(PackageTraces.NAME);
            }

            @Override
            public boolean hasGroup(String name) {
                return group && name.equals(PackageTraces.NAME);
            }
        };
    }
}
