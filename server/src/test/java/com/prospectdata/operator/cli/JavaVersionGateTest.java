package com.prospectdata.operator.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * The start class loads on the Java of Spring Boot's launcher, and nothing else of the jar does:
 * the class file versions as the build wrote them. CommandLineJarTest runs the packaged jar on
 * an older Java where the machine has one.
 */
class JavaVersionGateTest {

    /** The class file's major version: 61 is Java 17, 65 is Java 21. */
    private static int classFileVersion(Class<?> type) throws IOException {
        try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
            assertThat(in).as("%s's class file", type).isNotNull();
            byte[] header = in.readNBytes(8);
            return ((header[6] & 0xff) << 8) | (header[7] & 0xff);
        }
    }

    @Test
    void theGateIsCompiledForTheLaunchersJavaAndTheRestForTheJars() throws IOException {
        assertThat(classFileVersion(JavaVersionGate.class)).isEqualTo(61);
        assertThat(classFileVersion(Main.class)).isEqualTo(44 + JavaVersionGate.REQUIRED);
        assertThat(classFileVersion(OperatorCommandLine.class)).isEqualTo(44 + JavaVersionGate.REQUIRED);
    }

    @Test
    void anOlderJavaIsNamedWithWhatToRunInstead() {
        assertThat(JavaVersionGate.tooOld(17, "/usr/lib/jvm/java-17-openjdk-amd64"))
                .isEqualTo("error: prospect-api needs Java 21 or newer, and this is Java 17 (/usr/lib/jvm/java-17-openjdk-amd64):"
                        + " run it with a newer one, e.g. $JAVA_HOME/bin/java -jar prospect-api.jar ...");
    }
}
