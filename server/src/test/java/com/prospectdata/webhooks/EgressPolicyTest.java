package com.prospectdata.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.QuickTheory.qt;

import com.prospectdata.testing.Ranges;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** Where a webhook may be sent, by class of URL and address: {@link EgressPolicy}. */
class EgressPolicyTest {

    private final EgressPolicy policy = new EgressPolicy(List.of());

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            https://127.0.0.1/hook              | a loopback address
            https://127.255.0.9:8443/hook       | a loopback address
            https://[::1]/hook                  | a loopback address
            https://10.1.2.3/hook               | a private address
            https://172.16.0.1/hook             | a private address
            https://172.31.255.255/hook         | a private address
            https://192.168.1.1/hook            | a private address
            https://100.64.0.1/hook             | a shared (carrier-grade NAT) address
            https://169.254.1.1/hook            | a link-local address
            https://[fe80::1]/hook              | a link-local address
            https://[fc00::1]/hook              | a unique-local address
            https://[fd12:3456::1]/hook         | a unique-local address
            https://169.254.169.254/latest      | a cloud metadata address
            https://[fd00:ec2::254]/latest      | a cloud metadata address
            https://100.100.100.200/latest      | a cloud metadata address
            https://0.0.0.0/hook                | an unspecified address
            https://[::]/hook                   | an unspecified address
            https://224.0.0.1/hook              | a multicast address
            https://[ff02::1]/hook              | a multicast address
            https://255.255.255.255/hook        | a reserved or broadcast address
            https://192.0.2.1/hook              | a documentation address
            https://[2001:db8::1]/hook          | a documentation address
            https://[64:ff9b::a00:1]/hook       | a NAT64 address
            https://[2002:a00:1::1]/hook        | a 6to4 address
            https://[2001:0:4136:e378::1]/hook  | a Teredo address
            https://[::7f00:1]/hook             | an IPv4-compatible IPv6 address
            """)
    void anAddressThatIsNotPublicIsRefusedAndNamed(String url, String what) {
        assertThatThrownBy(() -> policy.target(url)).isInstanceOf(EgressRefusedException.class).hasMessageContaining(what)
                .hasMessageContaining("never sent to");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://[::ffff:127.0.0.1]/hook", "https://[::ffff:7f00:1]/hook", "https://[::ffff:8.8.8.8]/hook"})
    void anIpv4MappedIpv6AddressIsRefusedWhateverItMaps(String url) {
        assertThatThrownBy(() -> policy.target(url)).isInstanceOf(EgressRefusedException.class)
                .hasMessageContaining("IPv4-mapped IPv6 address");
    }

    /** At a connection, as at create: a mapped address is refused even when the IPv4 address it maps is public. */
    @ParameterizedTest
    @ValueSource(strings = {"::ffff:8.8.8.8", "[::ffff:8.8.8.8]", "::ffff:7f00:1"})
    void anIpv4MappedIpv6AddressIsNeverConnectedTo(String host) {
        assertThatThrownBy(() -> policy.addresses(host, EgressPolicy.Resolver.SYSTEM)).isInstanceOf(EgressRefusedException.class)
                .hasMessageContaining("IPv4-mapped IPv6 address");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            https://2130706433/hook         | 127.0.0.1
            https://0x7f000001/hook         | 127.0.0.1
            https://0x7f.1/hook             | 127.0.0.1
            https://0177.0.0.1/hook         | 127.0.0.1
            https://127.1/hook              | 127.0.0.1
            https://017700000001/hook       | 127.0.0.1
            https://0xA9.0xFE.0xA9.0xFE/x   | 169.254.169.254
            https://134744072/hook          | 8.8.8.8
            https://010.8.8.8/hook          | 8.8.8.8
            """)
    void anIpv4AddressInAnotherNotationIsRefusedNamingTheAddressItMeans(String url, String meant) {
        assertThatThrownBy(() -> policy.target(url)).isInstanceOf(EgressRefusedException.class)
                .hasMessageContaining("the IPv4 address " + meant + " in another notation")
                .hasMessageContaining("four decimal numbers");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://4294967296/hook", "https://1.2.3.256/hook", "https://09.1.1.1/hook", "https://1.2.3.4.5/hook",
            "https://0xg.1/hook"})
    void aHostEndingInANumberThatIsNoAddressIsRefused(String url) {
        assertThatThrownBy(() -> policy.target(url)).isInstanceOf(EgressRefusedException.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            http://receiver.example/hook                    | only https URLs are accepted, not http
            HTTP://receiver.example/hook                    | only https URLs are accepted, not http
            ftp://receiver.example/hook                     | only https URLs are accepted, not ftp
            https://user:secret@receiver.example/hook       | user information
            https://user@receiver.example/hook              | user information
            https://receiver.example/hook#part              | fragment
            receiver.example/hook                           | not an absolute URL
            mailto:ops@receiver.example                     | not an absolute URL
            https:///hook                                   | no host
            https://receiver.example:0/hook                 | 1 to 65535
            https://receiver.example:65536/hook             | 1 to 65535
            https://receiver.example:x/hook                 | 1 to 65535
            https://bad_name.example/hook                   | not a DNS name
            https://-bad.example/hook                       | not a DNS name
            https://receiver..example/hook                  | not a DNS name
            https://[fe80::1%25eth0]/hook                   | zone
            """)
    void aUrlOfAnotherFormIsRefusedSayingWhy(String url, String why) {
        assertThatThrownBy(() -> policy.target(url)).isInstanceOf(EgressRefusedException.class).hasMessageContaining(why);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "https://receiver.example/ho ok", "https://receiver.example/\u0000", "https://bücher.example/",
            "https://receiver.example/\t"})
    void emptyBlankControlAndNonAsciiUrlsAreRefused(String url) {
        assertThatThrownBy(() -> policy.target(url)).isInstanceOf(EgressRefusedException.class);
    }

    @Test
    void aUrlOfAPublicHostIsTakenWithItsPortPathAndQuery() {
        EgressPolicy.Target target = policy.target("https://Hooks.Receiver.Example:8443/in/prospects?team=7");
        assertThat(target.host()).isEqualTo("hooks.receiver.example");
        assertThat(target.port()).isEqualTo(8443);
        assertThat(target.url().getRawPath()).isEqualTo("/in/prospects");
        assertThat(target.url().getRawQuery()).isEqualTo("team=7");
        assertThat(policy.target("https://xn--bcher-kva.example./").port()).isEqualTo(443);
        assertThat(policy.target("https://8.8.8.8/hook").host()).isEqualTo("8.8.8.8");
        assertThat(policy.target("https://[2606:4700::1111]/hook").host()).isEqualTo("2606:4700::1111");
    }

    @Test
    void aNameIsCheckedByEveryAddressItResolvesTo() throws UnknownHostException {
        EgressPolicy.Target target = policy.target("https://receiver.example/hook");
        InetAddress publicAddress = InetAddress.getByName("93.184.215.14");
        InetAddress privateAddress = InetAddress.getByName("10.0.0.7");
        assertThat(policy.addresses(target.host(), host -> new InetAddress[] {publicAddress})).containsExactly(publicAddress);
        assertThatThrownBy(() -> policy.addresses(target.host(), host -> new InetAddress[] {publicAddress, privateAddress}))
                .isInstanceOf(EgressRefusedException.class)
                .hasMessage("'receiver.example' resolves to 10.0.0.7, a private address, which deliveries are never sent to");
        assertThatThrownBy(() -> policy.addresses(target.host(), host -> {
            throw new UnknownHostException(host);
        })).isInstanceOf(EgressRefusedException.class).hasMessage("'receiver.example' does not resolve to an address");
    }

    /** The name that resolved to a public address once and to a private one now: refused now. */
    @Test
    void aNameThatNowResolvesToAPrivateAddressIsRefusedNow() throws UnknownHostException {
        EgressPolicy.Target target = policy.target("https://rebinding.example/hook");
        Map<Integer, InetAddress> answers = Map.of(0, InetAddress.getByName("93.184.215.14"), 1, InetAddress.getByName("127.0.0.1"));
        int[] calls = {0};
        EgressPolicy.Resolver rebinding = host -> new InetAddress[] {answers.get(calls[0]++)};
        assertThat(policy.addresses(target.host(), rebinding)).hasSize(1);
        assertThatThrownBy(() -> policy.addresses(target.host(), rebinding)).isInstanceOf(EgressRefusedException.class)
                .hasMessageContaining("resolves to 127.0.0.1, a loopback address");
    }

    @Test
    void aDeploymentMayAllowBlocksBesideThePublicOnes() throws UnknownHostException {
        EgressPolicy allowing = new EgressPolicy(List.of(AddressBlock.parse("127.0.0.1/32", "allowed"),
                AddressBlock.parse("::1/128", "allowed")));
        assertThat(allowing.target("https://127.0.0.1:9443/hook").port()).isEqualTo(9443);
        assertThat(allowing.target("https://[::1]:9443/hook").host()).isEqualTo("::1");
        assertThat(allowing.refusal(InetAddress.getByName("127.0.0.2"))).isEqualTo("a loopback address");
        assertThat(allowing.addresses(allowing.target("https://localhost/hook").host(),
                host -> new InetAddress[] {InetAddress.getByName("127.0.0.1")})).hasSize(1);
    }

    @Test
    void everyAddressOfABlockThatIsNotPublicIsRefused() {
        Map<String, String> blocks = Map.of("10.0.0.0", "a private address", "172.16.0.0", "a private address",
                "192.168.0.0", "a private address", "127.0.0.0", "a loopback address", "100.64.0.0",
                "a shared (carrier-grade NAT) address", "224.0.0.0", "a multicast address");
        Map<String, Integer> sizes = Map.of("10.0.0.0", 8, "172.16.0.0", 12, "192.168.0.0", 16, "127.0.0.0", 8,
                "100.64.0.0", 10, "224.0.0.0", 4);
        Gen<String> networks = Generate.pick(List.copyOf(blocks.keySet()));
        qt().forAll(networks, Ranges.longs(0, 0xFFFFFFFFL)).checkAssert((network, random) -> {
            byte[] base = IpLiterals.dottedDecimal(network);
            long value = ((base[0] & 0xFFL) << 24 | (base[1] & 0xFFL) << 16 | (base[2] & 0xFFL) << 8 | (base[3] & 0xFFL))
                    | (random & ((1L << (32 - sizes.get(network))) - 1));
            InetAddress address = ipv4(value);
            // One address of the shared block is a cloud's metadata service, and named as such.
            String expected = address.getHostAddress().equals("100.100.100.200") ? "a cloud metadata address" : blocks.get(network);
            assertThat(policy.refusal(address)).as(address.getHostAddress()).isEqualTo(expected);
        });
    }

    @Test
    void everyIpv4NotationOfAnAddressMeansTheSameAddress() {
        qt().forAll(Ranges.longs(0, 0xFFFFFFFFL)).checkAssert(value -> {
            InetAddress address = ipv4(value);
            byte[] expected = address.getAddress();
            assertThat(IpLiterals.urlIpv4(Long.toString(value))).isEqualTo(expected);
            assertThat(IpLiterals.urlIpv4("0x" + Long.toHexString(value))).isEqualTo(expected);
            assertThat(IpLiterals.urlIpv4("0" + Long.toOctalString(value))).isEqualTo(expected);
            assertThat(IpLiterals.urlIpv4((expected[0] & 0xFF) + "." + (value & 0xFFFFFF))).isEqualTo(expected);
            assertThat(IpLiterals.urlIpv4(address.getHostAddress())).isEqualTo(expected);
            assertThat(IpLiterals.isDottedDecimal(address.getHostAddress())).isTrue();
        });
    }

    private static InetAddress ipv4(long value) {
        try {
            return InetAddress.getByAddress(new byte[] {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8),
                    (byte) value});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
