package org.apache.tomcat.util.buf;

import java.nio.ByteBuffer;

/**
 * Takes the place of Tomcat's class of the same name, which frees a direct buffer at once through
 * {@code sun.misc.Unsafe::invokeCleaner}. From JDK 24 on, the first such call makes the JVM print
 * a four-line warning to the process's original stderr, outside every logger, which breaks a
 * JSON-only log stream (docs/OPERATIONS.md, "Logs"). Tomcat calls it whenever it grows or drops a
 * connection's buffer, and they are direct on the HTTPS connector (pipeline/tls,
 * TlsProviderConfiguration); Tomcat has no setting to leave them to the JDK, and the JVM's own
 * switch ({@code --sun-misc-unsafe-memory-access}) exists only on its command line. So the buffer
 * is left to the JDK's own cleaner, which frees its memory when the buffer is collected: what
 * Tomcat itself does when Unsafe is unavailable. The jar's classes come before its libraries on
 * the class path, so this class is the one loaded (ByteBufferUtilsUnsafeTest checks it).
 */
final class ByteBufferUtilsUnsafe {

    private ByteBufferUtilsUnsafe() {
    }

    static void cleanDirectBuffer(ByteBuffer buffer) {
        // Freed by the JDK when the buffer is collected.
    }
}
