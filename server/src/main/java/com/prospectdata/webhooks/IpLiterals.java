package com.prospectdata.webhooks;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.jspecify.annotations.Nullable;

/**
 * Addresses written as a URL's host. The URL Standard reads a host whose last label is a number
 * as an IPv4 address in any of several notations ({@code 2130706433}, {@code 0x7f.1},
 * {@code 0177.0.0.1} are all 127.0.0.1), and so do the resolvers of many receivers' and proxies'
 * libraries: such a host is an address, never a name to look up.
 */
final class IpLiterals {

    private IpLiterals() {
    }

    /** Four decimal numbers from 0 to 255, without leading zeros, separated by dots. */
    static boolean isDottedDecimal(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(c -> c >= '0' && c <= '9')
                    || (part.length() > 1 && part.charAt(0) == '0') || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }

    /** The bytes of an address {@link #isDottedDecimal} accepts. */
    static byte[] dottedDecimal(String host) {
        String[] parts = host.split("\\.");
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
            bytes[i] = (byte) Integer.parseInt(parts[i]);
        }
        return bytes;
    }

    /**
     * Whether the URL Standard reads {@code host} as an IPv4 address: its last label (a trailing
     * dot aside) is decimal digits, or {@code 0x} and hexadecimal digits.
     */
    static boolean endsInNumber(String host) {
        String trimmed = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        String last = trimmed.substring(trimmed.lastIndexOf('.') + 1);
        if (last.isEmpty()) {
            return false;
        }
        if (last.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return true;
        }
        return (last.startsWith("0x") || last.startsWith("0X"))
                && last.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0);
    }

    /**
     * The IPv4 address a host that {@link #endsInNumber ends in a number} denotes, as the URL
     * Standard's IPv4 parser reads it (one to four parts, each decimal, octal with a leading 0,
     * or hexadecimal with 0x; the last fills the bytes the others leave); null when it denotes
     * none, being out of range or malformed.
     */
    static byte @Nullable [] urlIpv4(String host) {
        String trimmed = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        String[] parts = trimmed.split("\\.", -1);
        if (parts.length > 4) {
            return null;
        }
        long[] numbers = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            Long number = number(parts[i]);
            if (number == null) {
                return null;
            }
            numbers[i] = number;
        }
        for (int i = 0; i < parts.length - 1; i++) {
            if (numbers[i] > 255) {
                return null;
            }
        }
        int lastBytes = 5 - parts.length;
        if (numbers[parts.length - 1] >= 1L << (8 * lastBytes)) {
            return null;
        }
        long value = numbers[parts.length - 1];
        for (int i = 0; i < parts.length - 1; i++) {
            value += numbers[i] << (8 * (3 - i));
        }
        return new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }

    private static @Nullable Long number(String part) {
        int radix = 10;
        String digits = part;
        if (part.startsWith("0x") || part.startsWith("0X")) {
            radix = 16;
            digits = part.substring(2);
        } else if (part.length() > 1 && part.charAt(0) == '0') {
            radix = 8;
            digits = part.substring(1);
        }
        if (digits.isEmpty()) {
            return part.isEmpty() ? null : 0L;
        }
        // Beyond 2^32 every part is out of range; longer text would overflow the parse.
        if (digits.length() > 11) {
            return null;
        }
        try {
            return Long.parseLong(digits, radix);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The IPv6 address {@code text} (without brackets) writes, or null when it writes none. The
     * JDK reads an IPv4-mapped address ({@code ::ffff:a.b.c.d}) as the IPv4 address itself, so
     * the result then has four bytes. Never a name lookup.
     */
    static @Nullable InetAddress ipv6(String text) {
        if (text.isEmpty() || text.indexOf(':') < 0 || text.indexOf('%') >= 0
                || !text.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == ':' || c == '.')) {
            return null;
        }
        try {
            // Brackets make the JDK read it as a literal or fail, never ask a resolver.
            return InetAddress.getByName("[" + text + "]");
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
