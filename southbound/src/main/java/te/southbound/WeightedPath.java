package te.southbound;

import java.util.List;

/**
 * A path of a commodity and the share of the commodity's traffic it should carry.
 *
 * @param hops     switches in order, ingress first, each with its out port; at least one, no
 *                 switch twice. Passing the hops of another path or tunnel shares them unchecked.
 * @param fraction share of the commodity's traffic, finite and {@code >= 0}; a commodity's
 *                 fractions are normalised by their sum, so they need not add up to 1
 */
public record WeightedPath(List<Hop> hops, double fraction) {
    public WeightedPath {
        hops = HopList.of(hops);
        if (!(fraction >= 0) || Double.isInfinite(fraction)) {
            throw new IllegalArgumentException("path fraction must be finite and >= 0, got " + fraction);
        }
    }

    /**
     * @param version the IP version of the commodity's destination
     * @return the tunnel this path's traffic takes, shared by every commodity with the same hops and version
     */
    public Tunnel tunnel(IpVersion version) {
        return new Tunnel(hops, version);
    }
}
