package com.prospectdata.pipeline.paging;

/**
 * What may name this server in the absolute URLs the API writes (the Host header, the host a
 * trusted proxy forwards, {@code app.public-base-url}): a host, which is a DNS name of at most
 * 253 characters (labels of letters, digits and inner hyphens, at most 63 each, the last not all
 * digits), an IPv4 address in dotted decimal or an IPv6 address in brackets, then optionally
 * {@code :} and a port from 1 to 65535 without leading zeros. Nothing else: no user
 * information, path, space, zone identifier, trailing dot or character outside ASCII. A value
 * such as {@code evil.example} passes, being a host name like any other: only
 * {@code app.public-base-url} keeps links from naming a host the request chose.
 */
public final class Authority {

    /** The longest DNS name. */
    public static final int MAX_HOST_NAME_LENGTH = 253;
    /** The rule, as the messages that refuse a value say it. */
    public static final String RULE = "a DNS name of at most " + MAX_HOST_NAME_LENGTH + " characters, an IPv4 address"
            + " or an IPv6 address in brackets, with an optional port from 1 to 65535";

    private static final int MAX_LABEL_LENGTH = 63;

    private Authority() {
    }

    /** Whether {@code authority} is a host with an optional port, as above. */
    public static boolean isPlain(String authority) {
        String host = authority;
        String port = null;
        if (authority.startsWith("[")) {
            int close = authority.indexOf(']');
            if (close < 0) {
                return false;
            }
            host = authority.substring(0, close + 1);
            String rest = authority.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) {
                    return false;
                }
                port = rest.substring(1);
            }
        } else {
            int colon = authority.indexOf(':');
            if (colon >= 0) {
                host = authority.substring(0, colon);
                port = authority.substring(colon + 1);
            }
        }
        return isPlainHost(host) && (port == null || isPort(port));
    }

    /** Whether {@code host} is a DNS name, an IPv4 address or a bracketed IPv6 address, as above. */
    public static boolean isPlainHost(String host) {
        if (host.startsWith("[") && host.endsWith("]")) {
            return isIpv6(host.substring(1, host.length() - 1));
        }
        return isIpv4(host) || isDnsName(host);
    }

    /** 1 to 65535, in decimal without leading zeros. */
    static boolean isPort(String port) {
        if (port.isEmpty() || port.length() > 5 || port.charAt(0) == '0' || !allDigits(port)) {
            return false;
        }
        return Integer.parseInt(port) <= 65535;
    }

    static boolean isIpv4(String host) {
        String[] parts = host.split("\\.", -1);
        if (parts.length != 4) {
            return false;
        }
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !allDigits(part) || (part.length() > 1 && part.charAt(0) == '0')
                    || Integer.parseInt(part) > 255) {
                return false;
            }
        }
        return true;
    }

    static boolean isDnsName(String host) {
        if (host.isEmpty() || host.length() > MAX_HOST_NAME_LENGTH) {
            return false;
        }
        String[] labels = host.split("\\.", -1);
        for (String label : labels) {
            if (label.isEmpty() || label.length() > MAX_LABEL_LENGTH || label.startsWith("-") || label.endsWith("-")) {
                return false;
            }
            for (int i = 0; i < label.length(); i++) {
                char c = label.charAt(i);
                if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-')) {
                    return false;
                }
            }
        }
        // All digits at the end is an IPv4 address gone wrong (1.2.3, 256.1.1.1), not a name.
        return !allDigits(labels[labels.length - 1]);
    }

    /** RFC 4291, 2.2: eight groups of 1 to 4 hexadecimal digits, "::" once for a run of zeros, the last two as IPv4. */
    static boolean isIpv6(String address) {
        int elided = address.indexOf("::");
        if (elided >= 0 && address.indexOf("::", elided + 1) >= 0) {
            return false;
        }
        if (elided < 0) {
            return groups(address, true) == 8;
        }
        String before = address.substring(0, elided);
        String after = address.substring(elided + 2);
        int head = before.isEmpty() ? 0 : groups(before, false);
        int tail = after.isEmpty() ? 0 : groups(after, true);
        return head >= 0 && tail >= 0 && head + tail <= 7;
    }

    /** How many 16-bit groups {@code part} holds (an IPv4 address at its end being two), or -1 if it is malformed. */
    private static int groups(String part, boolean mayEndInIpv4) {
        String[] groups = part.split(":", -1);
        int count = 0;
        for (int i = 0; i < groups.length; i++) {
            String group = groups[i];
            if (mayEndInIpv4 && i == groups.length - 1 && group.contains(".")) {
                if (!isIpv4(group)) {
                    return -1;
                }
                count += 2;
            } else if (group.isEmpty() || group.length() > 4 || !group.chars().allMatch(Authority::isHexDigit)) {
                return -1;
            } else {
                count++;
            }
        }
        return count;
    }

    private static boolean isHexDigit(int c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    private static boolean allDigits(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return !text.isEmpty();
    }
}
