package te.southbound;

import java.util.List;
import java.util.Objects;

/**
 * A labelled path: the hops of a {@link WeightedPath} without the weight, and the IP version of
 * what it carries. Commodities whose paths have the same hops and whose destinations have the same
 * IP version share one tunnel, its label and its transit entries.
 *
 * @param hops    switches in order, ingress first; at least one, no switch twice
 * @param version the IP version of the packets inside: the egress pops the label with its Ethernet type
 */
public record Tunnel(List<Hop> hops, IpVersion version) {
    public Tunnel {
        hops = HopList.of(hops);
        Objects.requireNonNull(version, "version");
    }

    /** An IPv4 tunnel. */
    public Tunnel(List<Hop> hops) {
        this(hops, IpVersion.V4);
    }

    /** @return true if the ingress is also the egress (no label needed) */
    public boolean singleHop() {
        return hops.size() == 1;
    }
}
