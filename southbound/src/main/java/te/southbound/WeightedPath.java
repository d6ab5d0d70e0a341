package te.southbound;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A path of a commodity and the share of the commodity's traffic it should carry.
 *
 * @param hops     switches in order, ingress first, each with its out port; no switch twice
 * @param fraction share of the commodity's traffic, finite and {@code >= 0}; a commodity's
 *                 fractions are normalised by their sum, so they need not add up to 1
 */
public record WeightedPath(List<Hop> hops, double fraction) {
    public WeightedPath {
        hops = List.copyOf(hops);
        if (hops.isEmpty()) {
            throw new IllegalArgumentException("a path needs at least one hop");
        }
        if (!(fraction >= 0) || Double.isInfinite(fraction)) {
            throw new IllegalArgumentException("path fraction must be finite and >= 0, got " + fraction);
        }
        Set<Dpid> seen = new HashSet<>();
        for (Hop h : hops) {
            if (!seen.add(h.dpid())) {
                throw new IllegalArgumentException("path visits switch %s twice: %s".formatted(h.dpid(), hops));
            }
        }
    }

    /** @return the hop list alone: the identity of the tunnel, shared by commodities using it */
    public Tunnel tunnel() {
        return new Tunnel(hops);
    }
}
