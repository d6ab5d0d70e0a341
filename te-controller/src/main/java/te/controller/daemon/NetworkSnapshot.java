package te.controller.daemon;

import static java.util.Objects.requireNonNull;

import te.topology.paths.PathSet;

/**
 * The network a solve routes over: the link states, the paths that avoid every failed arc, and
 * the arc capacities (failed arcs at 0 Mbps, so even a stray path over one could carry nothing).
 *
 * @param links         link states
 * @param paths         paths per ordered pair, none through a failed arc
 * @param capacityMbps  capacity per arc in Mbps (not copied)
 * @param replacedPairs pairs that lost every precomputed path and got replacement paths
 */
public record NetworkSnapshot(LinkState links, PathSet paths, double[] capacityMbps, int replacedPairs) {
    public NetworkSnapshot {
        requireNonNull(links, "links");
        requireNonNull(paths, "paths");
        requireNonNull(capacityMbps, "capacityMbps");
    }
}
