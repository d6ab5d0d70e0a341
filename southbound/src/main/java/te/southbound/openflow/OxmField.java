package te.southbound.openflow;

/**
 * One OXM match field of class OPENFLOW_BASIC (0x8000), OpenFlow 1.3 §7.2.3.7. Only the fields the
 * weight pusher matches on or sets are interpreted; any other field decodes to {@link Other} so
 * that a switch's foreign flows can still be read, compared and deleted.
 */
public sealed interface OxmField {
    /** OXM field number (7 bits); {@link Match} orders fields by it so prerequisites come first. */
    int field();

    /** @return the OXM class (0x8000 OPENFLOW_BASIC for the typed fields); field numbers repeat across classes */
    default int oxmClass() {
        return 0x8000;
    }

    /** Ingress port (field 0), 32-bit port number. */
    record InPort(int port) implements OxmField {
        public int field() { return OfConstants.OXM_IN_PORT; }
    }

    /** Ethernet type (field 5), 16 bits, e.g. 0x0800 IPv4, 0x8847 MPLS unicast. */
    record EthType(int ethType) implements OxmField {
        public EthType {
            requireRange("ethType", ethType, 0, 0xffff);
        }
        public int field() { return OfConstants.OXM_ETH_TYPE; }
    }

    /** VLAN id (field 6), 12-bit id; encoded with OFPVID_PRESENT (0x1000) set. */
    record VlanVid(int vlanId) implements OxmField {
        public VlanVid {
            requireRange("vlanId", vlanId, 0, 0xfff);
        }
        public int field() { return OfConstants.OXM_VLAN_VID; }
    }

    /**
     * IPv4 destination (field 12) with a mask; {@code mask == -1} (all ones) is sent without the
     * has-mask bit, because switches report exact matches that way and comparisons must agree.
     */
    record Ipv4Dst(int address, int mask) implements OxmField {
        public Ipv4Dst {
            address &= mask; // a switch reports the value masked; keep the canonical form
        }
        public int field() { return OfConstants.OXM_IPV4_DST; }
    }

    /**
     * IPv6 destination (field 27) with a mask, each 128 bits as two big-endian halves; an all-ones
     * mask is sent without the has-mask bit, as for {@link Ipv4Dst}.
     */
    record Ipv6Dst(long high, long low, long maskHigh, long maskLow) implements OxmField {
        public Ipv6Dst {
            high &= maskHigh;
            low &= maskLow;
        }
        public int field() { return OfConstants.OXM_IPV6_DST; }

        /** @return whether the mask is all ones (an exact match) */
        public boolean exact() {
            return maskHigh == -1 && maskLow == -1;
        }
    }

    /** MPLS label (field 34), 20 bits. */
    record MplsLabel(int label) implements OxmField {
        public MplsLabel {
            requireRange("label", label, 0, 0xfffff);
        }
        public int field() { return OfConstants.OXM_MPLS_LABEL; }
    }

    /** Any other OXM: the raw 32-bit OXM header and its payload, kept for comparison only. */
    record Other(int header, Octets payload) implements OxmField {
        public int field() { return (header >>> 9) & 0x7f; }

        @Override
        public int oxmClass() { return header >>> 16; }
    }

    private static void requireRange(String name, int value, int lo, int hi) {
        if (value < lo || value > hi) {
            throw new IllegalArgumentException("%s must be in [%d, %d], got %d".formatted(name, lo, hi, value));
        }
    }
}
