package com.prospectdata.pipeline.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.ssl.pem.PemContent;

class SelfSignedCertificateTest {

    private static final List<String> HOSTNAMES = List.of("localhost", "127.0.0.1");
    /** Browsers refuse a server certificate valid for longer, backdating included. */
    private static final Duration BROWSERS_LIMIT = Duration.ofDays(398);

    @Test
    void createsACertificateForTheHostnamesOnceAndReusesIt(@TempDir Path directory) throws Exception {
        SelfSignedCertificate.ensure(directory, HOSTNAMES);
        Path certificateFile = directory.resolve(SelfSignedCertificate.CERTIFICATE_FILE);
        Path keyFile = directory.resolve(SelfSignedCertificate.PRIVATE_KEY_FILE);
        String firstCertificate = Files.readString(certificateFile);

        X509Certificate certificate = read(certificateFile);
        certificate.checkValidity();
        assertThat(certificate.getSubjectAlternativeNames().stream().map(name -> String.valueOf(name.get(1))))
                .containsExactlyInAnyOrder("localhost", "127.0.0.1");
        assertThat(Files.readString(keyFile)).startsWith("-----BEGIN PRIVATE KEY-----");
        assertThat(certificate.getPublicKey().getAlgorithm()).isEqualTo("EC");
        PrivateKey privateKey = PemContent.of(Files.readString(keyFile)).getPrivateKey();
        assertThat(signsFor(privateKey, certificate)).as("the private key is the certificate's").isTrue();
        assertThat(Files.getPosixFilePermissions(keyFile))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

        SelfSignedCertificate.ensure(directory, HOSTNAMES);
        assertThat(Files.readString(certificateFile)).isEqualTo(firstCertificate);
    }

    /** The whole validity, from the backdated start to the end, is what browsers count. */
    @Test
    void theWholeValidityBackdatingIncludedIsAtMost397Days(@TempDir Path directory) throws Exception {
        Instant before = Instant.now();
        SelfSignedCertificate.ensure(directory, HOSTNAMES);
        X509Certificate certificate = read(directory.resolve(SelfSignedCertificate.CERTIFICATE_FILE));

        Instant start = certificate.getNotBefore().toInstant();
        Instant end = certificate.getNotAfter().toInstant();
        assertThat(Duration.between(start, end)).isLessThanOrEqualTo(Duration.ofDays(397)).isLessThan(BROWSERS_LIMIT);
        assertThat(start).as("backdated a few minutes, for clients whose clock is behind")
                .isBefore(before).isAfter(before.minus(Duration.ofMinutes(6)));
    }

    /**
     * A certificate kept in the data directory is replaced when browsers would refuse it (an
     * earlier version's lasted 825 days) or when it is about to end; otherwise it is reused.
     */
    @ParameterizedTest(name = "made {0} days ago for {1} days: replaced {2}")
    @CsvSource({
            "0,   825, true",
            "0,   397, false",
            "370, 397, true",
            "400, 397, true",
            "300, 397, false"})
    void aKeptCertificateIsReplacedWhenBrowsersWouldRefuseItOrItEndsWithinAMonth(
            long madeDaysAgo, long validDays, boolean replaced, @TempDir Path directory) throws Exception {
        Path certificateFile = directory.resolve(SelfSignedCertificate.CERTIFICATE_FILE);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair keys = generator.generateKeyPair();
        Files.writeString(directory.resolve(SelfSignedCertificate.PRIVATE_KEY_FILE), pem(new JcaPKCS8Generator(keys.getPrivate(), null)));
        Files.writeString(certificateFile, pem(SelfSignedCertificate.sign(keys, HOSTNAMES,
                Instant.now().minus(Duration.ofDays(madeDaysAgo)), Duration.ofDays(validDays))));
        String kept = Files.readString(certificateFile);

        SelfSignedCertificate.ensure(directory, HOSTNAMES);

        assertThat(!Files.readString(certificateFile).equals(kept)).isEqualTo(replaced);
        X509Certificate certificate = read(certificateFile);
        certificate.checkValidity();
        PrivateKey privateKey = PemContent.of(Files.readString(directory.resolve(SelfSignedCertificate.PRIVATE_KEY_FILE)))
                .getPrivateKey();
        assertThat(signsFor(privateKey, certificate)).as("the key kept or made with it is the certificate's").isTrue();
    }

    @Test
    void anUnreadableCertificateIsReplaced(@TempDir Path directory) throws Exception {
        SelfSignedCertificate.ensure(directory, HOSTNAMES);
        Path certificateFile = directory.resolve(SelfSignedCertificate.CERTIFICATE_FILE);
        Files.writeString(certificateFile, "not a certificate");

        SelfSignedCertificate.ensure(directory, HOSTNAMES);

        read(certificateFile).checkValidity();
    }

    private static X509Certificate read(Path file) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    private static String pem(Object object) throws Exception {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            writer.writeObject(object);
        }
        return text.toString();
    }

    private static boolean signsFor(PrivateKey privateKey, X509Certificate certificate) throws Exception {
        byte[] message = "handshake".getBytes(StandardCharsets.UTF_8);
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(privateKey);
        signer.update(message);
        byte[] signature = signer.sign();
        Signature verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(certificate.getPublicKey());
        verifier.update(message);
        return verifier.verify(signature);
    }
}
