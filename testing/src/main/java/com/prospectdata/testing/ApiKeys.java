package com.prospectdata.testing;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.zip.CRC32;

/**
 * The key format of docs/api-rules.md §6, {@code cpd_<environment>_<random><checksum>}: 30
 * base62 characters, then the CRC32 of everything before, as 6 base62 digits. Used to make keys
 * that are well-formed but were never issued, and keys whose only fault is the checksum.
 */
public final class ApiKeys {

    public static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeys() {
    }

    /** CRC32 of the text as 6 base62 digits, most significant first. */
    public static String checksum(String text) {
        CRC32 crc = new CRC32();
        crc.update(text.getBytes(StandardCharsets.US_ASCII));
        long value = crc.getValue();
        char[] digits = new char[6];
        for (int i = 5; i >= 0; i--) {
            digits[i] = BASE62.charAt((int) (value % 62));
            value /= 62;
        }
        return new String(digits);
    }

    /** A key of the format with a valid checksum that nobody issued. */
    public static String neverIssued(String environment) {
        StringBuilder key = new StringBuilder("cpd_").append(environment).append('_');
        for (int i = 0; i < 30; i++) {
            key.append(BASE62.charAt(RANDOM.nextInt(BASE62.length())));
        }
        return key.append(checksum(key.toString())).toString();
    }

    /** The key with its last checksum character changed: well-formed, but the checksum fails. */
    public static String withWrongChecksum(String key) {
        char last = key.charAt(key.length() - 1);
        char other = BASE62.charAt((BASE62.indexOf(last) + 1) % BASE62.length());
        return key.substring(0, key.length() - 1) + other;
    }
}
