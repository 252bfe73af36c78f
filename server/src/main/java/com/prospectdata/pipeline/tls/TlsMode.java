package com.prospectdata.pipeline.tls;

/** How the service meets "HTTPS only" (docs/api-rules.md §6). */
public enum TlsMode {
    /** TLS on the server's port with a certificate created in the data directory (the default). */
    SELF_SIGNED,
    /** TLS on the server's port with the certificate and key from PEM files (production). */
    PEM,
    /** Plain HTTP behind a TLS-terminating proxy, trusted only from configured addresses. */
    PROXY
}
