package com.prospectdata.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.prospectdata.ProspectApiApplication;
import com.tngtech.archunit.core.domain.JavaClass;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.modulith.core.ApplicationModule;
import org.springframework.modulith.core.ApplicationModules;
import org.springframework.modulith.core.Violations;
import org.springframework.modulith.docs.Documenter;

/**
 * The modules of docs/ARCHITECTURE.md, as Spring Modulith finds them in the compiled code: each
 * keeps to the dependencies its package-info allows and uses only what the others expose (their
 * base package and their named interfaces). A planted application shows a module reaching into
 * another's internals refused.
 */
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("compiled-classes")
class ModulesTest {

    // Generated code is the document's and jOOQ's, not a module; the testing module (the fixture
    // both test tiers share) is on the test class path only, never in the application.
    static final ApplicationModules MODULES = ApplicationModules.of(ProspectApiApplication.class,
            JavaClass.Predicates.resideInAnyPackage("com.prospectdata.generated..", "com.prospectdata.testing.."));

    @Test
    void theModulesKeepToTheirDeclaredDependenciesAndInterfaces() {
        MODULES.verify();
    }

    @Test
    void theApplicationIsTheSixModulesOfTheArchitecture() {
        assertThat(MODULES.stream().map(ApplicationModule::getIdentifier).map(Object::toString))
                .containsExactlyInAnyOrder("core", "data", "pipeline", "features", "operator", "webhooks");
    }

    /**
     * docs/modules is written from the code: a diagram of the modules, one per module and a
     * canvas each. When it is out of date the test writes it anew and fails, so the change that
     * made it stale commits it.
     */
    @Test
    void theModuleDocumentationInDocsIsTheCodes() throws IOException {
        Path written = Path.of("target", "module-docs");
        new Documenter(MODULES, Documenter.Options.defaults().withOutputFolder(written.toString()))
                .writeModulesAsPlantUml()
                .writeIndividualModulesAsPlantUml()
                .writeModuleCanvases();

        Map<Path, String> expected = contents(written);
        Map<Path, String> committed = contents(DOCS);
        if (!committed.equals(expected)) {
            deleteRecursively(DOCS);
            for (Map.Entry<Path, String> file : expected.entrySet()) {
                Files.createDirectories(DOCS.resolve(file.getKey()).getParent());
                Files.writeString(DOCS.resolve(file.getKey()), file.getValue());
            }
        }
        assertThat(committed).as("docs/modules was stale and has been written anew: commit it").isEqualTo(expected);
    }

    private static final Path DOCS = Path.of("..", "docs", "modules");

    private static Map<Path, String> contents(Path folder) throws IOException {
        Map<Path, String> files = new TreeMap<>();
        if (Files.isDirectory(folder)) {
            try (Stream<Path> paths = Files.walk(folder)) {
                for (Path path : paths.filter(Files::isRegularFile).toList()) {
                    files.put(folder.relativize(path), inStableOrder(Files.readString(path)));
                }
            }
        }
        return files;
    }

    /** PlantUML's relations in a fixed order: Modulith writes them in whichever order it found them. */
    private static String inStableOrder(String text) {
        List<String> lines = new ArrayList<>(text.lines().toList());
        for (int start = 0; start < lines.size(); start++) {
            int end = start;
            while (end < lines.size() && lines.get(end).startsWith("Rel(")) {
                end++;
            }
            Collections.sort(lines.subList(start, end));
            start = end;
        }
        return String.join("\n", lines) + "\n";
    }

    private static void deleteRecursively(Path folder) throws IOException {
        if (Files.isDirectory(folder)) {
            try (Stream<Path> paths = Files.walk(folder)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    @Test
    void aModuleReachingIntoAnothersInternalsIsRefused() {
        // Its classes are test classes, which Modulith leaves out unless told to take them.
        ApplicationModules leaky = ApplicationModules.of("com.prospectdata.architecture.leaky", location -> true);

        assertThatThrownBy(leaky::verify)
                .isInstanceOf(Violations.class)
                .hasMessageContaining("shipping")
                .hasMessageContaining("billing.internal.Ledger");
    }
}
