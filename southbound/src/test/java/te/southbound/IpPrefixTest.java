package te.southbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IpPrefixTest {
    @Test
    void ipv6PrefixesParseInEveryTextFormAndPrintCompressed() {
        Ipv6Prefix p = Ipv6Prefix.parse("2001:0DB8:0007:0000::/48");
        assertThat(p).isEqualTo(new Ipv6Prefix(0x20010db800070000L, 0, 48));
        assertThat(p).hasToString("2001:db8:7::/48");
        assertThat(p.maskHigh()).isEqualTo(0xffffffffffff0000L);
        assertThat(p.maskLow()).isZero();
        assertThat(p.version()).isEqualTo(IpVersion.V6);
        Ipv6Prefix host = Ipv6Prefix.parse("2001:db8::7/128");
        assertThat(host.maskHigh()).isEqualTo(-1);
        assertThat(host.maskLow()).isEqualTo(-1);
        assertThat(Ipv6Prefix.parse("2001:db8:0:0:8000::/65").maskLow()).isEqualTo(Long.MIN_VALUE);
        assertThat(Ipv6Prefix.parse("::/0")).isEqualTo(new Ipv6Prefix(0, 0, 0));
        assertThat(Ipv6Prefix.parse("::ffff:10.1.0.0/112").toString()).isEqualTo("::ffff:a01:0/112");
        assertThat(Ipv6Prefix.parse("::FFFF:10.1.0.0/112").toString()).isEqualTo("::ffff:a01:0/112");
    }

    @Test
    void parseDispatchesOnTheColon() {
        assertThat(IpPrefix.parse("10.7.0.0/16")).isEqualTo(new Ipv4Prefix(0x0a070000, 16));
        assertThat(IpPrefix.parse(" fd00:7::/32 ")).isEqualTo(new Ipv6Prefix(0xfd00000700000000L, 0, 32));
        assertThat(IpPrefix.parse("10.7.0.0/16").version()).isEqualTo(IpVersion.V4);
    }

    @Test
    void badPrefixesAreRefusedNamingTheTextAndTheForm() {
        assertThatThrownBy(() -> IpPrefix.parse("2001:db8:7::1/48"))
                .hasMessage("prefix 2001:db8:7::1/48 has host bits set; maybe 2001:db8:7::/48");
        assertThatThrownBy(() -> IpPrefix.parse("2001:db8:7::/129")).hasMessage("IPv6 prefix '2001:db8:7::/129': length must be in [0, 128], got 129");
        assertThatThrownBy(() -> IpPrefix.parse("10.0.0.0/33")).hasMessage("IPv4 prefix '10.0.0.0/33': length must be in [0, 32], got 33");
        // Netty would take a bracketed address and turn the deprecated ::a.b.c.d into ::ffff:a.b.c.d.
        for (String bad : new String[] {"2001:db8:zz::/48", "2001:db8::", "2001:db8::/x", "fe80::1%eth0/64",
                "2001:db8::/48/1", "example.com:1/8", "::1.2.3/64", "::10.1.0.0/112", "[2001:db8::]/48"}) {
            assertThatThrownBy(() -> IpPrefix.parse(bad)).as(bad)
                    .hasMessage("IPv6 prefix must look like 2001:db8:7::/48, got '" + bad + "'");
        }
        assertThatThrownBy(() -> IpPrefix.parse("10.7.0.0")).hasMessageContaining("10.1.0.0/16, got '10.7.0.0'");
    }
}
