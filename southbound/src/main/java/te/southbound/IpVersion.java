package te.southbound;

/**
 * The IP version of a destination prefix and of the packets a tunnel carries. A tunnel's egress
 * pops the MPLS label with the payload's Ethernet type, which the label alone does not reveal, so
 * IPv4 and IPv6 traffic over the same hops travel in separate tunnels with labels of their own.
 */
public enum IpVersion {
    V4(0x0800),
    V6(0x86dd);

    private final int ethType;

    IpVersion(int ethType) {
        this.ethType = ethType;
    }

    /** @return the Ethernet type of this version's packets: 0x0800 or 0x86dd */
    public int ethType() {
        return ethType;
    }
}
