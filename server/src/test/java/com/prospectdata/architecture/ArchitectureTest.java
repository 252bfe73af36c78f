package com.prospectdata.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The package rules of docs/ARCHITECTURE.md that hold within the modules (ModulesTest verifies
 * the modules themselves), on the compiled application, with the packages taken from the code
 * rather than listed here: every package of ours, the root one included, depends on the others
 * without cycles; no package reaches into {@code pipeline.web}; each package of the core module
 * depends on no other package of ours. Tests of the test plant cycles and show the first rule
 * finding them.
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("compiled-classes")
class ArchitectureTest {

    private static final String APPLICATION = "com.prospectdata";
    private static final String GENERATED = APPLICATION + ".generated";

    /** The bottom: every module may use its packages, so each may use no other package of ours. */
    private static final String CORE = APPLICATION + ".core";

    private static final JavaClasses APPLICATION_CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(APPLICATION);

    /**
     * Each package below {@code root} is a slice, and so is {@code root} itself (its classes and
     * the command line must not need each other). Code the build generates is left out: it
     * depends on nothing of ours.
     */
    static ArchRule noPackageCycles(String root) {
        return slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String name = javaClass.getPackageName();
                if (name.equals(root)) {
                    return SliceIdentifier.of("(root)");
                }
                if (!name.startsWith(root + ".") || name.startsWith(GENERATED)) {
                    return SliceIdentifier.ignore();
                }
                return SliceIdentifier.of(name.substring(root.length() + 1));
            }

            @Override
            public String getDescription() {
                return "the packages of " + root + ", the root package included";
            }
        }).should().beFreeOfCycles();
    }

    private static final ArchRule NOTHING_BUT_THE_PIPELINE_USES_WEB = noClasses()
            .that().resideOutsideOfPackage(APPLICATION + ".pipeline.web..")
            .should().dependOnClassesThat().resideInAPackage(APPLICATION + ".pipeline.web..")
            .because("web is the HTTP pipeline's plumbing: errors live in errors, timestamps in openapi");

    static ArchRule bottomDependsOnNothingElseOfOurs(String bottom) {
        String own = bottom + "..";
        return noClasses().that().resideInAPackage(own)
                .should().dependOnClassesThat(resideInAPackage(APPLICATION + "..")
                        .and(DescribedPredicate.not(resideInAnyPackage(own, GENERATED + ".."))))
                .because("every feature may use " + bottom + ", so it may use no other package of ours");
    }

    @Test
    void thePackagesDependOnEachOtherWithoutCycles() {
        noPackageCycles(APPLICATION).check(APPLICATION_CLASSES);
    }

    @Test
    void noFeatureImportsWeb() {
        NOTHING_BUT_THE_PIPELINE_USES_WEB.check(APPLICATION_CLASSES);
    }

    @Test
    void theCorePackagesDependOnNoOtherPackageOfOurs() {
        List<String> bottom = APPLICATION_CLASSES.stream().map(JavaClass::getPackageName)
                .filter(name -> name.startsWith(CORE + ".")).distinct().sorted().toList();
        assertThat(bottom).as("the core module's packages").hasSizeGreaterThan(1);
        bottom.forEach(name -> bottomDependsOnNothingElseOfOurs(name).check(APPLICATION_CLASSES));
    }

    @Test
    void aPlantedCycleIsFound() {
        JavaClasses planted = new ClassFileImporter().importPackages(APPLICATION + ".architecture.planted");

        EvaluationResult result = noPackageCycles(APPLICATION + ".architecture.planted").evaluate(planted);

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString()).contains("first", "second");
    }

    @Test
    void aPlantedCycleThroughTheRootPackageIsFound() {
        JavaClasses planted = new ClassFileImporter().importPackages(APPLICATION + ".architecture.planted");

        EvaluationResult result = noPackageCycles(APPLICATION + ".architecture.planted.second").evaluate(planted);

        assertThat(result.hasViolation()).as("planted.second's root class and its package 'inner' use each other").isTrue();
        assertThat(result.getFailureReport().toString()).contains("(root)", "inner");
    }
}
