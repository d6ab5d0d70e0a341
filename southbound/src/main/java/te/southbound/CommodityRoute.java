package te.southbound;

import java.util.List;
import java.util.Objects;

/**
 * Where one commodity's traffic enters and how it is split: a SELECT group at {@code ingress}
 * sends packets to {@code destination} over {@code paths} in proportion to their fractions.
 *
 * @param id          stable name of the commodity (e.g. {@code "ATLA->NYCM"}); it keeps its group
 *                    id across updates so weight changes modify the group in place
 * @param ingress     the switch where the traffic enters; every path must start there
 * @param destination the destination prefix matched at the ingress, IPv4 or IPv6; it decides the
 *                    IP version of the tunnels the commodity's paths take
 * @param paths       candidate paths with their split fractions
 * @param idle        the allocation gives it no flow: its fractions are only a fallback, and the
 *                    split its ingress group already holds is kept while every bucket of it is a
 *                    tunnel of one of these paths with a positive fraction (a re-solve that starves
 *                    a commodity, or a controller restart, then moves nothing on its switches)
 */
public record CommodityRoute(String id, Dpid ingress, IpPrefix destination, List<WeightedPath> paths, boolean idle) {
    /** A route with flow: its fractions are the split to install. */
    public CommodityRoute(String id, Dpid ingress, IpPrefix destination, List<WeightedPath> paths) {
        this(id, ingress, destination, paths, false);
    }

    public CommodityRoute {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(ingress, "ingress");
        Objects.requireNonNull(destination, "destination");
        paths = List.copyOf(paths);
        for (WeightedPath p : paths) {
            if (!p.hops().get(0).dpid().equals(ingress)) {
                throw new IllegalArgumentException("commodity %s: path %s does not start at its ingress %s"
                        .formatted(id, p.hops(), ingress));
            }
        }
    }
}
