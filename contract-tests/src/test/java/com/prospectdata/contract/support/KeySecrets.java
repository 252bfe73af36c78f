package com.prospectdata.contract.support;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The secret of an API key is what follows {@code cpd_<environment>_}: 30 random characters and
 * the 6 of the checksum. Text that holds any 8 consecutive characters of it holds part of the
 * secret: a key cut in the middle, a prefix "for debugging", a hint. Only the operator commands
 * may show the hint, whose last 8 characters are such a window.
 */
public final class KeySecrets {

    public static final int WINDOW = 8;

    private KeySecrets() {
    }

    /** The part after {@code cpd_<environment>_}. */
    public static String secretPart(String key) {
        int second = key.indexOf('_', key.indexOf('_') + 1);
        if (!key.startsWith("cpd_") || second < 0) {
            throw new IllegalArgumentException("Not a key: " + key);
        }
        return key.substring(second + 1);
    }

    /** Every 8-character window of the secret part. */
    public static Set<String> windows(String key) {
        String secret = secretPart(key);
        Set<String> windows = new LinkedHashSet<>();
        for (int i = 0; i + WINDOW <= secret.length(); i++) {
            windows.add(secret.substring(i, i + WINDOW));
        }
        return windows;
    }

    /** The last 8 characters, which the hint shows (first 8 + "..." + last 8). */
    public static String hintSuffix(String key) {
        return key.substring(key.length() - WINDOW);
    }

    /** The hint of docs/api-rules.md §6: first 8 + "..." + last 8. */
    public static String hint(String key) {
        return key.substring(0, WINDOW) + "..." + hintSuffix(key);
    }

    /** The windows of the key's secret found in the text (the full key included), except those allowed. */
    public static List<String> foundIn(String text, String key, Set<String> allowed) {
        List<String> found = new ArrayList<>();
        if (text.contains(key)) {
            found.add(key);
        }
        for (String window : windows(key)) {
            if (!allowed.contains(window) && text.contains(window)) {
                found.add(window);
            }
        }
        return found;
    }

    /** The windows of the key's secret found in the text, the full key included. */
    public static List<String> foundIn(String text, String key) {
        return foundIn(text, key, Set.of());
    }
}
