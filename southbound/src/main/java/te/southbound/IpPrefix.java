package te.southbound;

/** A destination prefix matched at a commodity's ingress switch: IPv4 or IPv6, host bits zero. */
public sealed interface IpPrefix permits Ipv4Prefix, Ipv6Prefix {
    /** @return the prefix length in bits */
    int length();

    /** @return the IP version, which decides the ingress match and the tunnels' egress action */
    IpVersion version();

    /**
     * Parses {@code 10.1.0.0/16} or {@code 2001:db8:7::/48}, by whether the text holds a colon.
     *
     * @throws IllegalArgumentException naming the text and the form expected
     */
    static IpPrefix parse(String text) {
        return text.indexOf(':') >= 0 ? Ipv6Prefix.parse(text) : Ipv4Prefix.parse(text);
    }
}
