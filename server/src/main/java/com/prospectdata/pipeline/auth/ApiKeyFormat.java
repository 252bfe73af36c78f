package com.prospectdata.pipeline.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * The key format of docs/api-rules.md §6: {@code cpd_<environment>_<random><checksum>}, where
 * random is 30 base62 characters from a CSPRNG and checksum is the CRC32 of everything before
 * it, in 6 base62 characters. The checksum lets us refuse a mistyped or invented key without a
 * database lookup.
 */
public final class ApiKeyFormat {

    public static final String PREFIX = "cpd";
    static final int RANDOM_LENGTH = 30;
    static final int CHECKSUM_LENGTH = 6;
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeyFormat() {
    }

    public static String generate(DeploymentEnvironment environment) {
        StringBuilder key = new StringBuilder(PREFIX).append('_').append(environment.wireName()).append('_');
        for (int i = 0; i < RANDOM_LENGTH; i++) {
            key.append(BASE62.charAt(RANDOM.nextInt(BASE62.length())));
        }
        return key.append(checksum(key)).toString();
    }

    /** The key's environment, or empty when the text is not a well-formed key with a valid checksum. */
    public static Optional<DeploymentEnvironment> environmentOf(String key) {
        if (key == null) {
            return Optional.empty();
        }
        DeploymentEnvironment environment;
        if (key.startsWith(PREFIX + "_live_")) {
            environment = DeploymentEnvironment.LIVE;
        } else if (key.startsWith(PREFIX + "_test_")) {
            environment = DeploymentEnvironment.TEST;
        } else {
            return Optional.empty();
        }
        int bodyStart = PREFIX.length() + 6;
        if (key.length() != bodyStart + RANDOM_LENGTH + CHECKSUM_LENGTH) {
            return Optional.empty();
        }
        for (int i = bodyStart; i < key.length(); i++) {
            if (BASE62.indexOf(key.charAt(i)) < 0) {
                return Optional.empty();
            }
        }
        int checksumStart = key.length() - CHECKSUM_LENGTH;
        byte[] expected = checksum(key.substring(0, checksumStart)).getBytes(StandardCharsets.US_ASCII);
        byte[] given = key.substring(checksumStart).getBytes(StandardCharsets.US_ASCII);
        // Constant time, so the checksum cannot be found by timing the answers.
        return MessageDigest.isEqual(expected, given) ? Optional.of(environment) : Optional.empty();
    }

    /** CRC32 of the text, as 6 base62 digits (62^6 is above 2^32), most significant first. */
    static String checksum(CharSequence text) {
        CRC32 crc = new CRC32();
        crc.update(text.toString().getBytes(StandardCharsets.US_ASCII));
        long value = crc.getValue();
        char[] digits = new char[CHECKSUM_LENGTH];
        for (int i = CHECKSUM_LENGTH - 1; i >= 0; i--) {
            digits[i] = BASE62.charAt((int) (value % 62));
            value /= 62;
        }
        return new String(digits);
    }

    public static byte[] sha256(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    public static String hintPrefix(String key) {
        return key.substring(0, 8);
    }

    public static String hintSuffix(String key) {
        return key.substring(key.length() - 8);
    }

    /** How an operator names a key without knowing it: first 8 + "..." + last 8. */
    public static String hint(String prefix, String suffix) {
        return prefix + "..." + suffix;
    }
}
