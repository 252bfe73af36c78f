package com.prospectdata.pipeline.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The embedded default's certificate: created in the data directory and reused, so a developer
 * can trust it with {@code curl --cacert data/tls/certificate.pem}, until it is due for
 * replacement ({@link #isDue}).
 */
public final class SelfSignedCertificate {

    static final String CERTIFICATE_FILE = "certificate.pem";
    static final String PRIVATE_KEY_FILE = "private-key.pem";
    /**
     * The whole validity, from the backdated start to the end. Browsers refuse a server
     * certificate valid for more than 398 days; a day less leaves room for the way each of them
     * counts.
     */
    static final Duration VALIDITY = Duration.ofDays(397);
    /** So that a client whose clock is a little behind accepts a certificate made a moment ago. */
    static final Duration BACKDATING = Duration.ofMinutes(5);
    /** Replaced this long before it ends, so that a server never starts with one about to lapse. */
    static final Duration RENEWAL = Duration.ofDays(30);
    /** Held while one process decides and writes, so that two never pair one's key with the other's certificate. */
    private static final String LOCK_FILE = ".lock";

    private SelfSignedCertificate() {
    }

    /**
     * Creates the key pair and certificate in {@code directory} unless both are there and the
     * certificate is not due for replacement.
     */
    static void ensure(Path directory, List<String> hostnames) {
        Path certificate = directory.resolve(CERTIFICATE_FILE);
        Path privateKey = directory.resolve(PRIVATE_KEY_FILE);
        try {
            Files.createDirectories(directory);
            try (FileChannel lockFile = FileChannel.open(directory.resolve(LOCK_FILE),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock lock = lockFile.lock()) {
                if (Files.isRegularFile(privateKey) && isKept(certificate, Instant.now())) {
                    return;
                }
                // ECDSA on P-256 rather than RSA: a client that reconnects pays for a full handshake,
                // and the JDK signs one several times faster with this key than with RSA-2048
                // (docs/OPERATIONS.md, "TLS certificates"; bench/notes/operations.md).
                // Every TLS 1.2 and 1.3 client accepts it.
                KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
                generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
                KeyPair keys = generator.generateKeyPair();
                X509CertificateHolder holder = sign(keys, hostnames, Instant.now().minus(BACKDATING), VALIDITY);
                // Written beside and then moved, so a crash never leaves half a key or certificate.
                writeAtomically(privateKey, pem(new JcaPKCS8Generator(keys.getPrivate(), null)), true);
                writeAtomically(certificate, pem(holder), false);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write the self-signed certificate to " + directory, e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("Could not create a self-signed certificate", e);
        }
    }

    /**
     * A kept certificate is replaced when browsers would refuse it (one made by an earlier
     * version was valid for 825 days) or when it ends within {@link #RENEWAL}.
     */
    static boolean isDue(X509Certificate certificate, Instant now) {
        Instant start = certificate.getNotBefore().toInstant();
        Instant end = certificate.getNotAfter().toInstant();
        return Duration.between(start, end).compareTo(VALIDITY) > 0 || !end.isAfter(now.plus(RENEWAL));
    }

    /** Whether the certificate there may serve on; one that cannot be read is replaced too. */
    private static boolean isKept(Path certificate, Instant now) {
        if (!Files.isRegularFile(certificate)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(certificate)) {
            return !isDue((X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in), now);
        } catch (IOException | CertificateException unreadable) {
            return false;
        }
    }

    /**
     * A certificate for the host names, valid from {@code start} (to the second) for
     * {@code validity}; public for the tests' own HTTPS receivers.
     */
    public static X509CertificateHolder sign(KeyPair keys, List<String> hostnames, Instant start, Duration validity)
            throws IOException, OperatorCreationException {
        // X.509 keeps whole seconds: truncated here, the end is exactly the validity after the start.
        Instant from = start.truncatedTo(ChronoUnit.SECONDS);
        X500Name subject = new X500Name("CN=" + hostnames.getFirst() + ",O=Company Prospect Data API (self-signed)");
        List<GeneralName> names = new ArrayList<>();
        for (String hostname : hostnames) {
            names.add(isAddress(hostname)
                    ? new GeneralName(GeneralName.iPAddress, hostname)
                    : new GeneralName(GeneralName.dNSName, hostname));
        }
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject,
                new BigInteger(64, new SecureRandom()), Date.from(from), Date.from(from.plus(validity)), subject,
                keys.getPublic());
        builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names.toArray(GeneralName[]::new)));
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
        return builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate()));
    }

    private static boolean isAddress(String hostname) {
        return hostname.chars().allMatch(c -> Character.isDigit(c) || c == '.') || hostname.contains(":");
    }

    private static String pem(Object object) throws IOException {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            writer.writeObject(object);
        }
        return text.toString();
    }

    private static void writeAtomically(Path target, String content, boolean secret) throws IOException {
        Path temporary = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
        if (secret) {
            try {
                Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException notPosix) {
                // Not a POSIX file system; the data directory's own permissions apply.
            }
        }
        Files.writeString(temporary, content);
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
