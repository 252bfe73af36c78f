package com.prospectdata.webhooks;

import java.net.InetAddress;

/**
 * A block of addresses in CIDR notation ({@code 10.0.0.0/8}, {@code fc00::/7}), named by what its
 * addresses are, such as "a private address". An IPv4 block never holds an IPv6 address, nor the
 * other way round.
 */
final class AddressBlock {

    private final byte[] network;
    private final int prefixLength;
    private final String text;
    private final String what;

    private AddressBlock(byte[] network, int prefixLength, String text, String what) {
        this.network = network;
        this.prefixLength = prefixLength;
        this.text = text;
        this.what = what;
    }

    /** How a refusal names an address of this block. */
    String what() {
        return what;
    }

    /**
     * The block {@code cidr} names: an address in its usual notation, {@code /}, and a prefix
     * length within the address's bits; the address's bits past the prefix must be zero.
     *
     * @throws IllegalArgumentException naming what is wrong with {@code cidr}
     */
    static AddressBlock parse(String cidr, String what) {
        int slash = cidr.indexOf('/');
        if (slash <= 0 || slash == cidr.length() - 1) {
            throw new IllegalArgumentException("'" + cidr + "' is not an address block: write an address, '/' and a prefix length, "
                    + "such as 127.0.0.1/32 or ::1/128");
        }
        String address = cidr.substring(0, slash);
        String length = cidr.substring(slash + 1);
        byte[] network;
        if (IpLiterals.isDottedDecimal(address)) {
            network = IpLiterals.dottedDecimal(address);
        } else {
            InetAddress ipv6 = IpLiterals.ipv6(address);
            if (ipv6 == null) {
                throw new IllegalArgumentException("'" + cidr + "' does not start with an IPv4 address in dotted decimal or an "
                        + "IPv6 address");
            }
            if (ipv6.getAddress().length == 4) {
                throw new IllegalArgumentException("'" + cidr + "' is an IPv4-mapped IPv6 block: write the IPv4 block instead");
            }
            network = ipv6.getAddress();
        }
        int bits = network.length * 8;
        if (!length.matches("[0-9]{1,3}") || Integer.parseInt(length) > bits) {
            throw new IllegalArgumentException("'" + cidr + "' has a prefix length other than 0 to " + bits);
        }
        int prefix = Integer.parseInt(length);
        if (!prefixOnly(network, prefix)) {
            throw new IllegalArgumentException("'" + cidr + "' has address bits set past its prefix length " + prefix);
        }
        return new AddressBlock(network, prefix, cidr, what);
    }

    boolean contains(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (bytes.length != network.length) {
            return false;
        }
        int whole = prefixLength / 8;
        for (int i = 0; i < whole; i++) {
            if (bytes[i] != network[i]) {
                return false;
            }
        }
        int rest = prefixLength % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xFF << (8 - rest)) & 0xFF;
        return (bytes[whole] & mask) == (network[whole] & mask);
    }

    private static boolean prefixOnly(byte[] network, int prefix) {
        for (int bit = prefix; bit < network.length * 8; bit++) {
            if ((network[bit / 8] & (0x80 >>> (bit % 8))) != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return text;
    }
}
