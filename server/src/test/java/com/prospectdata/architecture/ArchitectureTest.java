package com.prospectdata.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/**
 * The dependency rules of docs/ARCHITECTURE.md, on the compiled application: feature packages
 * depend on each other without cycles; no feature reaches into {@code web}; the packages at the
 * bottom ({@code errors}, {@code settings}, {@code openapi}, {@code sqltypes}) depend on no other package of ours.
 * A test of the test plants a cycle and shows the first rule finding it.
 */
class ArchitectureTest {

    private static final String APPLICATION = "com.prospectdata";

    private static final JavaClasses APPLICATION_CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(APPLICATION);

    /** Packages directly below {@code root} must not depend on each other in a circle. */
    static ArchRule noPackageCycles(String root) {
        return slices().matching(root + ".(*)..").namingSlices("$1").should().beFreeOfCycles();
    }

    private static final ArchRule NOTHING_BUT_THE_PIPELINE_USES_WEB = noClasses()
            .that().resideOutsideOfPackage(APPLICATION + ".web..")
            .should().dependOnClassesThat().resideInAPackage(APPLICATION + ".web..")
            .because("web is the HTTP pipeline's plumbing: errors live in errors, timestamps in openapi");

    private static final ArchRule THE_BOTTOM_DEPENDS_ON_NOTHING_OF_OURS = noClasses()
            .that().resideInAnyPackage(APPLICATION + ".errors..", APPLICATION + ".settings..", APPLICATION + ".openapi..",
                    APPLICATION + ".sqltypes..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    APPLICATION + ".apidocs..", APPLICATION + ".auth..", APPLICATION + ".cli..", APPLICATION + ".companies..",
                    APPLICATION + ".database..", APPLICATION + ".demodata..", APPLICATION + ".health..",
                    APPLICATION + ".importer..", APPLICATION + ".jobs..", APPLICATION + ".organizations..",
                    APPLICATION + ".paging..", APPLICATION + ".parameters..", APPLICATION + ".ratelimit..",
                    APPLICATION + ".tls..", APPLICATION + ".web..", APPLICATION + ".webtech..")
            .because("every feature may use them, so they may use no feature");

    @Test
    void thePackagesDependOnEachOtherWithoutCycles() {
        noPackageCycles(APPLICATION).check(APPLICATION_CLASSES);
    }

    @Test
    void noFeatureImportsWeb() {
        NOTHING_BUT_THE_PIPELINE_USES_WEB.check(APPLICATION_CLASSES);
    }

    @Test
    void theBottomPackagesDependOnNoOtherPackageOfOurs() {
        THE_BOTTOM_DEPENDS_ON_NOTHING_OF_OURS.check(APPLICATION_CLASSES);
    }

    @Test
    void aPlantedCycleIsFound() {
        JavaClasses planted = new ClassFileImporter().importPackages(APPLICATION + ".architecture.planted");

        EvaluationResult result = noPackageCycles(APPLICATION + ".architecture.planted").evaluate(planted);

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString()).contains("first", "second");
    }
}
