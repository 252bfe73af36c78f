package com.prospectdata.operator.cli;

import java.lang.reflect.InvocationTargetException;

/**
 * The jar's start class: one line, not a stack trace, on a Java older than the jar's.
 *
 * <p>Spring Boot's launcher runs on Java 17, and the machines' default {@code java} often is 17,
 * but every other class of the jar is compiled for 21: loaded on 17, the first of them fails with
 * an {@code UnsupportedClassVersionError} and thirty lines of stack. This class alone is compiled
 * for 17 (the second compiler execution in the server's pom), reaches {@link Main} only by name,
 * and says what to do instead. A Java older than 17 cannot even load the launcher; that stays
 * the JVM's own message.
 */
public final class JavaVersionGate {

    /** The Java the rest of the jar is compiled for (maven.compiler.release in the parent pom). */
    static final int REQUIRED = 21;

    private JavaVersionGate() {
    }

    public static void main(String[] args) throws Throwable {
        int running = Runtime.version().feature();
        if (running < REQUIRED) {
            System.err.println(tooOld(running, System.getProperty("java.home")));
            System.exit(1);
        }
        try {
            Class.forName("com.prospectdata.operator.cli.Main").getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    static String tooOld(int running, String javaHome) {
        return "error: prospect-api needs Java " + REQUIRED + " or newer, and this is Java " + running + " (" + javaHome
                + "): run it with a newer one, e.g. $JAVA_HOME/bin/java -jar prospect-api.jar ...";
    }
}
