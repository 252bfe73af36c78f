package com.prospectdata.pipeline.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.ssl.pem.PemContent;

class SelfSignedCertificateTest {

    @Test
    void createsACertificateForTheHostnamesOnceAndReusesIt(@TempDir Path directory) throws Exception {
        SelfSignedCertificate.ensure(directory, List.of("localhost", "127.0.0.1"));
        Path certificateFile = directory.resolve(SelfSignedCertificate.CERTIFICATE_FILE);
        Path keyFile = directory.resolve(SelfSignedCertificate.PRIVATE_KEY_FILE);
        String firstCertificate = Files.readString(certificateFile);

        X509Certificate certificate;
        try (InputStream in = Files.newInputStream(certificateFile)) {
            certificate = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        certificate.checkValidity();
        assertThat(certificate.getSubjectAlternativeNames().stream().map(name -> String.valueOf(name.get(1))))
                .containsExactlyInAnyOrder("localhost", "127.0.0.1");
        assertThat(Files.readString(keyFile)).startsWith("-----BEGIN PRIVATE KEY-----");
        assertThat(certificate.getPublicKey().getAlgorithm()).isEqualTo("EC");
        PrivateKey privateKey = PemContent.of(Files.readString(keyFile)).getPrivateKey();
        assertThat(signsFor(privateKey, certificate)).as("the private key is the certificate's").isTrue();
        assertThat(Files.getPosixFilePermissions(keyFile))
                .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

        SelfSignedCertificate.ensure(directory, List.of("localhost", "127.0.0.1"));
        assertThat(Files.readString(certificateFile)).isEqualTo(firstCertificate);
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
