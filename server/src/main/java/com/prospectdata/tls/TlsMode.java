package com.prospectdata.tls;

/** How the service meets "HTTPS only" (decisions.md section 6). */
public enum TlsMode {
    /** TLS on the server's port with a certificate created in the data directory (the default). */
    SELF_SIGNED,
    /** TLS on the server's port with the certificate and key from PEM files (production). */
    PEM,
    /** Plain HTTP behind a TLS-terminating proxy, trusted only from configured addresses. */
    PROXY;

    static TlsMode parse(String value) {
        return switch (value.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "self-signed" -> SELF_SIGNED;
            case "pem" -> PEM;
            case "proxy" -> PROXY;
            default -> throw new IllegalStateException("app.tls.mode must be self-signed, pem or proxy, not '" + value + "'");
        };
    }
}
