package com.prospectdata.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.StringJoiner;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks 1.0 signatures (docs/webhooks.md, "Verifying a delivery"). A signing secret
 * is {@code whsec_} and the base64 of 32 random bytes; a delivery's {@code webhook-signature} is
 * {@code v1,} and the base64 of the HMAC-SHA256 of {@code id.timestamp.body}, keyed with the
 * secret's decoded bytes, once per secret that signs (two during a rotation's grace), separated by
 * spaces.
 */
final class WebhookSignature {

    static final String SECRET_PREFIX = "whsec_";
    private static final int SECRET_BYTES = 32;
    private static final String HMAC = "HmacSHA256";

    private WebhookSignature() {
    }

    /** A new signing secret, shown once to the operator who asked for it. */
    static String newSecret(SecureRandom random) {
        byte[] bytes = new byte[SECRET_BYTES];
        random.nextBytes(bytes);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * The bytes a secret signs with.
     *
     * @throws IllegalArgumentException when {@code secret} is not {@code whsec_} and the base64 of
     *         32 bytes
     */
    static byte[] key(String secret) {
        if (!secret.startsWith(SECRET_PREFIX)) {
            throw new IllegalArgumentException("a signing secret starts with " + SECRET_PREFIX);
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a signing secret is " + SECRET_PREFIX + " and base64", e);
        }
        if (key.length != SECRET_BYTES) {
            throw new IllegalArgumentException("a signing secret holds " + SECRET_BYTES + " bytes, not " + key.length);
        }
        return key;
    }

    /** The value of {@code webhook-signature}: one {@code v1,} signature per key, in the order given. */
    static String sign(List<byte[]> keys, String id, long timestamp, byte[] body) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a delivery is signed with at least one secret");
        }
        byte[] prefix = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        StringJoiner signatures = new StringJoiner(" ");
        for (byte[] key : keys) {
            try {
                Mac mac = Mac.getInstance(HMAC);
                mac.init(new SecretKeySpec(key, HMAC));
                mac.update(prefix);
                mac.update(body);
                signatures.add("v1," + Base64.getEncoder().encodeToString(mac.doFinal()));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("every JDK has " + HMAC, e);
            }
        }
        return signatures.toString();
    }

    /** What is kept of a secret in clear, to tell secrets apart: its first 8 and last 4 characters. */
    static String hint(String secret) {
        return secret.substring(0, 8) + "..." + secret.substring(secret.length() - 4);
    }
}
