package te.southbound;

import java.util.List;

/**
 * A labelled path: the hops of a {@link WeightedPath} without the weight. Commodities whose paths
 * have the same hops share one tunnel, its label and its transit entries.
 *
 * @param hops switches in order, ingress first; at least one, no switch twice
 */
public record Tunnel(List<Hop> hops) {
    public Tunnel {
        hops = HopList.of(hops);
    }

    /** @return true if the ingress is also the egress (no label needed) */
    public boolean singleHop() {
        return hops.size() == 1;
    }
}
