package com.prospectdata.webhooks;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Where a webhook may be sent (docs/webhooks.md, "Where deliveries go"). An endpoint's URL is an
 * {@code https} URL without user information or fragment, whose host is a DNS name, an IPv4
 * address in dotted decimal or an IPv6 address. It is sent to only at public addresses: never
 * loopback, private, shared, link-local, unique-local, multicast, unspecified, reserved,
 * documentation or cloud-metadata ones, nor an IPv6 address that carries an IPv4 one (mapped,
 * compatible, NAT64, 6to4, Teredo), since which IPv4 address it reaches is the network's choice. A
 * deployment may allow blocks besides (tests on loopback, receivers on a private network).
 * <p>
 * A name is checked when it is resolved, at every connection: the sender connects only to an
 * address this policy allowed, so a name that resolved to a public address when the endpoint was
 * created and resolves to a private one later is refused then.
 */
final class EgressPolicy {

    /** How long a DNS name may be. */
    private static final int MAX_HOST_LENGTH = 253;

    /** The special-purpose blocks (IANA's registries), the more specific first so that a refusal names them. */
    private static final List<AddressBlock> NOT_PUBLIC = List.of(
            AddressBlock.parse("169.254.169.254/32", "a cloud metadata address"),
            AddressBlock.parse("100.100.100.200/32", "a cloud metadata address"),
            AddressBlock.parse("0.0.0.0/8", "an unspecified address"),
            AddressBlock.parse("10.0.0.0/8", "a private address"),
            AddressBlock.parse("100.64.0.0/10", "a shared (carrier-grade NAT) address"),
            AddressBlock.parse("127.0.0.0/8", "a loopback address"),
            AddressBlock.parse("169.254.0.0/16", "a link-local address"),
            AddressBlock.parse("172.16.0.0/12", "a private address"),
            AddressBlock.parse("192.0.0.0/24", "an IETF protocol assignment"),
            AddressBlock.parse("192.0.2.0/24", "a documentation address"),
            AddressBlock.parse("192.88.99.0/24", "a 6to4 relay address"),
            AddressBlock.parse("192.168.0.0/16", "a private address"),
            AddressBlock.parse("198.18.0.0/15", "a benchmarking address"),
            AddressBlock.parse("198.51.100.0/24", "a documentation address"),
            AddressBlock.parse("203.0.113.0/24", "a documentation address"),
            AddressBlock.parse("224.0.0.0/4", "a multicast address"),
            AddressBlock.parse("240.0.0.0/4", "a reserved or broadcast address"),
            AddressBlock.parse("::/128", "an unspecified address"),
            AddressBlock.parse("::1/128", "a loopback address"),
            AddressBlock.parse("::/96", "an IPv4-compatible IPv6 address"),
            AddressBlock.parse("64:ff9b::/96", "a NAT64 address"),
            AddressBlock.parse("64:ff9b:1::/48", "a NAT64 address"),
            AddressBlock.parse("100::/64", "a discard address"),
            AddressBlock.parse("2001::/32", "a Teredo address"),
            AddressBlock.parse("2001:2::/48", "a benchmarking address"),
            AddressBlock.parse("2001:db8::/32", "a documentation address"),
            AddressBlock.parse("2002::/16", "a 6to4 address"),
            AddressBlock.parse("3fff::/20", "a documentation address"),
            AddressBlock.parse("fd00:ec2::254/128", "a cloud metadata address"),
            AddressBlock.parse("fc00::/7", "a unique-local address"),
            AddressBlock.parse("fe80::/10", "a link-local address"),
            AddressBlock.parse("fec0::/10", "a site-local address"),
            AddressBlock.parse("ff00::/8", "a multicast address"));

    /** IPv6's global unicast space: any other IPv6 address is not public. */
    private static final AddressBlock GLOBAL_UNICAST = AddressBlock.parse("2000::/3", "a global unicast address");

    private final List<AddressBlock> allowed;

    /** @param allowed blocks sent to even though they are not public (a deployment's setting) */
    EgressPolicy(List<AddressBlock> allowed) {
        this.allowed = List.copyOf(allowed);
    }

    /** Where an endpoint's URL points: its host (lower case, without brackets) and port. */
    record Target(URI url, String host, int port) {
    }

    /**
     * Checks an endpoint's URL by its form alone, without resolving its host.
     *
     * @throws EgressRefusedException saying what is wrong with {@code url}
     */
    Target target(String url) {
        if (url.isBlank()) {
            throw new EgressRefusedException("the URL is empty");
        }
        if (url.chars().anyMatch(c -> c <= 0x20 || c >= 0x7F)) {
            throw new EgressRefusedException("the URL has a space, a control character or a character outside ASCII: write an "
                    + "internationalized host in Punycode (xn--) and percent-encode the rest");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new EgressRefusedException("'" + url + "' is not a URL: " + e.getReason());
        }
        if (uri.getScheme() == null || !uri.isAbsolute() || uri.isOpaque()) {
            throw new EgressRefusedException("'" + url + "' is not an absolute URL: write https://HOST/PATH");
        }
        if (!uri.getScheme().equalsIgnoreCase("https")) {
            throw new EgressRefusedException("only https URLs are accepted, not " + uri.getScheme().toLowerCase(Locale.ROOT)
                    + ": deliveries carry the partner's data");
        }
        if (uri.getRawUserInfo() != null) {
            throw new EgressRefusedException("a URL with user information (USER:PASSWORD@) is refused: a receiver checks the "
                    + "signature instead, and credentials in a URL leak into logs");
        }
        if (uri.getRawFragment() != null) {
            throw new EgressRefusedException("a URL with a fragment (#...) is refused: a fragment is never sent");
        }
        String host = uri.getHost();
        int port = uri.getPort();
        if (host == null) {
            // java.net.URI gives no host for what it cannot read as one (2130706433, 0x7f.1, a_b.example):
            // the authority says what was written, so the refusal below can name it.
            String authority = uri.getRawAuthority();
            if (authority == null || authority.isEmpty()) {
                throw new EgressRefusedException("'" + url + "' has no host: write https://HOST/PATH");
            }
            int colon = authority.lastIndexOf(':');
            host = authority;
            if (colon >= 0 && !authority.startsWith("[")) {
                host = authority.substring(0, colon);
                String digits = authority.substring(colon + 1);
                port = digits.matches("[0-9]{1,5}") ? Integer.parseInt(digits) : 0;
            }
        }
        port = port == -1 ? 443 : port;
        if (port < 1 || port > 65535) {
            throw new EgressRefusedException("the port of '" + url + "' is not a number from 1 to 65535");
        }
        host = host.toLowerCase(Locale.ROOT);
        if (host.startsWith("[")) {
            String literal = host.substring(1, host.length() - 1);
            InetAddress address = IpLiterals.ipv6(literal);
            if (address == null) {
                throw new EgressRefusedException("'" + host + "' is not an IPv6 address this server can connect to (a zone is "
                        + "never accepted)");
            }
            if (address.getAddress().length == 4) {
                throw new EgressRefusedException(host + " is an IPv4-mapped IPv6 address, refused: which IPv4 address it "
                        + "reaches is the network's choice");
            }
            refuseIfNotAllowed(host, address);
            return new Target(uri, literal, port);
        }
        if (IpLiterals.endsInNumber(host)) {
            if (!IpLiterals.isDottedDecimal(host)) {
                byte[] meant = IpLiterals.urlIpv4(host);
                throw new EgressRefusedException("'" + host + "' is "
                        + (meant == null ? "no IPv4 address" : "the IPv4 address " + dotted(meant) + " in another notation")
                        + ": write an IPv4 address as four decimal numbers from 0 to 255, or use a DNS name");
            }
            refuseIfNotAllowed(host, address(IpLiterals.dottedDecimal(host)));
            return new Target(uri, host, port);
        }
        String name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        if (name.length() > MAX_HOST_LENGTH || Arrays.stream(name.split("\\.", -1)).anyMatch(label -> !isLabel(label))) {
            throw new EgressRefusedException("'" + host + "' is not a DNS name: labels of 1 to 63 letters, digits and inner "
                    + "hyphens, at most 253 characters in all");
        }
        return new Target(uri, host, port);
    }

    /**
     * The addresses a host may be connected to: its literal address (an IPv6 one with or without
     * brackets), or those its name resolves to now, all of them allowed.
     *
     * @throws EgressRefusedException when the name does not resolve, or resolves to any address
     *         this policy refuses (naming it and why)
     */
    List<InetAddress> addresses(String host, Resolver resolver) {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (bare.indexOf(':') >= 0) {
            InetAddress literal = IpLiterals.ipv6(bare);
            if (literal != null && literal.getAddress().length == 4) {
                throw new EgressRefusedException(bare + " is an IPv4-mapped IPv6 address, refused: which IPv4 address it "
                        + "reaches is the network's choice");
            }
            return List.of(checkedAddress(bare, literal));
        }
        if (IpLiterals.endsInNumber(bare)) {
            if (!IpLiterals.isDottedDecimal(bare)) {
                throw new EgressRefusedException("'" + bare + "' is not an IPv4 address in dotted decimal");
            }
            return List.of(checkedAddress(bare, address(IpLiterals.dottedDecimal(bare))));
        }
        InetAddress[] resolved;
        try {
            resolved = resolver.resolve(bare);
        } catch (UnknownHostException e) {
            throw new EgressRefusedException("'" + bare + "' does not resolve to an address");
        }
        if (resolved.length == 0) {
            throw new EgressRefusedException("'" + bare + "' does not resolve to an address");
        }
        List<InetAddress> addresses = new ArrayList<>();
        for (InetAddress address : resolved) {
            String refusal = refusal(address);
            if (refusal != null) {
                throw new EgressRefusedException("'" + bare + "' resolves to " + address.getHostAddress() + ", "
                        + refusal + ", which deliveries are never sent to");
            }
            addresses.add(address);
        }
        return List.copyOf(addresses);
    }

    /** Why an address may not be connected to, or null when it may. */
    @Nullable String refusal(InetAddress address) {
        for (AddressBlock block : allowed) {
            if (block.contains(address)) {
                return null;
            }
        }
        for (AddressBlock block : NOT_PUBLIC) {
            if (block.contains(address)) {
                return block.what();
            }
        }
        if (address.getAddress().length == 16 && !GLOBAL_UNICAST.contains(address)) {
            return "not a global unicast IPv6 address";
        }
        return null;
    }

    /** Resolves a DNS name: the JDK's resolver in production. */
    @FunctionalInterface
    interface Resolver {

        InetAddress[] resolve(String host) throws UnknownHostException;

        Resolver SYSTEM = InetAddress::getAllByName;
    }

    private InetAddress checkedAddress(String host, @Nullable InetAddress address) {
        if (address == null) {
            throw new EgressRefusedException("'" + host + "' is not an address");
        }
        refuseIfNotAllowed(host, address);
        return address;
    }

    private void refuseIfNotAllowed(String host, InetAddress address) {
        String refusal = refusal(address);
        if (refusal != null) {
            throw new EgressRefusedException(host + " is " + refusal + ", which deliveries are never sent to");
        }
    }

    private static boolean isLabel(String label) {
        if (label.isEmpty() || label.length() > 63 || label.startsWith("-") || label.endsWith("-")) {
            return false;
        }
        return label.chars().allMatch(c -> (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-');
    }

    private static InetAddress address(byte[] bytes) {
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are always an IPv4 address", e);
        }
    }

    private static String dotted(byte[] bytes) {
        return (bytes[0] & 0xFF) + "." + (bytes[1] & 0xFF) + "." + (bytes[2] & 0xFF) + "." + (bytes[3] & 0xFF);
    }
}
