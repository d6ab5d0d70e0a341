package te.controller.daemon;

import static java.util.Objects.requireNonNull;

import te.topology.paths.PathSet;

/**
 * The network a solve routes over: the link states, the paths that avoid every failed arc, and
 * the arc capacities (failed arcs at 0 Mbps, so even a stray path over one could carry nothing).
 *
 * @param links         link states
 * @param paths         paths per ordered pair, none through a failed arc
 * @param capacityMbps        capacity per arc for solves in Mbps, 0 on failed and drained arcs (not copied)
 * @param servingCapacityMbps capacity per arc an allocation being served may use in Mbps: drained arcs
 *                            keep theirs until a solve moves their flow (not copied)
 * @param replacedPairs       pairs that lost every precomputed path and got replacement paths
 */
public record NetworkSnapshot(LinkState links, PathSet paths, double[] capacityMbps, double[] servingCapacityMbps, int replacedPairs) {
    public NetworkSnapshot {
        requireNonNull(links, "links");
        requireNonNull(paths, "paths");
        requireNonNull(capacityMbps, "capacityMbps");
        requireNonNull(servingCapacityMbps, "servingCapacityMbps");
    }
}
