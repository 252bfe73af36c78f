package com.prospectdata.contract.support;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;

/**
 * Certificates of the servers under test: the one a server presents on its TLS port, the one in
 * a PEM file, and a new self-signed certificate with its key as PEM files, for
 * {@code app.tls.mode=pem} (made with the JDK's keytool, which the tests' JDK has).
 */
public final class TlsCertificates {

    private TlsCertificates() {
    }

    /** The leaf certificate the server on 127.0.0.1:port presents in the TLS handshake. */
    public static X509Certificate presentedOn(int port) {
        try (Socket plain = new Socket("127.0.0.1", port);
             SSLSocket socket = (SSLSocket) LocalTls.trustingEverything().getSocketFactory()
                     .createSocket(plain, "127.0.0.1", port, true)) {
            socket.setSoTimeout(10_000);
            socket.startHandshake();
            return (X509Certificate) socket.getSession().getPeerCertificates()[0];
        } catch (IOException e) {
            throw new UncheckedIOException("No TLS handshake with 127.0.0.1:" + port, e);
        }
    }

    /** The first certificate of a PEM file. */
    public static X509Certificate readPem(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Not a certificate: " + file, e);
        }
    }

    /** A certificate and its private key, as PEM files. */
    public record PemFiles(Path certificate, Path privateKey) {

        public X509Certificate read() {
            return readPem(certificate);
        }
    }

    /**
     * A new RSA key and a self-signed certificate for {@code 127.0.0.1} and {@code localhost},
     * written to {@code directory} as {@code certificate.pem} and {@code private-key.pem} (PKCS#8).
     */
    public static PemFiles selfSigned(Path directory, String commonName) {
        try {
            Files.createDirectories(directory);
            Path keystore = directory.resolve("keystore.p12");
            Files.deleteIfExists(keystore);
            String password = "contract-tests";
            Path keytool = Path.of(ProcessHandle.current().info().command().orElseThrow()).resolveSibling("keytool");
            Process process = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "server",
                    "-keyalg", "RSA", "-keysize", "2048", "-validity", "7",
                    "-dname", "CN=" + commonName + ",O=Contract tests",
                    "-ext", "SAN=ip:127.0.0.1,dns:localhost",
                    "-keystore", keystore.toString(), "-storetype", "PKCS12",
                    "-storepass", password, "-keypass", password)
                    .redirectErrorStream(true)
                    .start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("keytool failed: " + output);
            }
            KeyStore store = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(keystore)) {
                store.load(in, password.toCharArray());
            }
            Certificate certificate = store.getCertificate("server");
            PrivateKey key = (PrivateKey) store.getKey("server", password.toCharArray());
            PemFiles files = new PemFiles(directory.resolve("certificate.pem"), directory.resolve("private-key.pem"));
            Files.writeString(files.certificate(), pem("CERTIFICATE", certificate.getEncoded()), StandardCharsets.US_ASCII);
            Files.writeString(files.privateKey(), pem("PRIVATE KEY", key.getEncoded()), StandardCharsets.US_ASCII);
            Files.delete(keystore);
            // Sanity: what we wrote reads back as the same certificate.
            if (!readPem(files.certificate()).equals(CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(certificate.getEncoded())))) {
                throw new IllegalStateException("The certificate written to " + files.certificate() + " does not read back");
            }
            return files;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The subject alternative names (DNS names and IP addresses) of a certificate. */
    public static List<String> alternativeNames(X509Certificate certificate) {
        try {
            var names = certificate.getSubjectAlternativeNames();
            return names == null ? List.of() : names.stream().map(entry -> String.valueOf(entry.get(1))).toList();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The certificate as a PEM file's text. */
    public static String pem(X509Certificate certificate) {
        try {
            return pem("CERTIFICATE", certificate.getEncoded());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
