package com.prospectdata.pipeline.tls;

/** Which implementation does the TLS of the server's own HTTPS port (docs/OPERATIONS.md, "HTTPS"). */
enum TlsProvider {
    /**
     * Conscrypt: BoringSSL's native code behind the JDK's TLS interfaces (the default). Where its
     * native library cannot load, the JDK's provider serves instead, with one warning.
     */
    CONSCRYPT,
    /** The JDK's own provider (SunJSSE), all Java. */
    JDK
}
