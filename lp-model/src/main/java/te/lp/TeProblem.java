package te.lp;

import static java.util.Objects.requireNonNull;

import te.topology.Topology;
import te.topology.paths.PathSet;

/**
 * One TE instance: the network, precomputed paths, the commodities to route, and the arc
 * capacities they may use (the topology's, or POP's divided ones).
 *
 * @param topology     the network
 * @param paths        precomputed paths; commodity k uses pair {@code commodities.pairIndex(k)}
 * @param commodities  what to route
 * @param capacityMbps capacity per arc in Mbps (indexed like the topology's arcs)
 */
public record TeProblem(Topology topology, PathSet paths, Commodities commodities, double[] capacityMbps) {
    public TeProblem {
        requireNonNull(topology, "topology");
        requireNonNull(paths, "paths");
        requireNonNull(commodities, "commodities");
        if (capacityMbps.length != topology.arcCount()) {
            throw new IllegalArgumentException("capacity array has %d entries for %d arcs".formatted(capacityMbps.length, topology.arcCount()));
        }
        for (int a = 0; a < capacityMbps.length; a++) {
            // 0 is a closed arc (failed or drained); NaN or a negative value would reach the solver
            // as a row it calls infeasible, naming nothing (review).
            if (!(capacityMbps[a] >= 0) || Double.isInfinite(capacityMbps[a])) {
                throw new IllegalArgumentException("arc %d (%s): capacity %s Mbps, expected a finite value >= 0"
                        .formatted(a, topology.arcName(a), capacityMbps[a]));
            }
        }
        if (!paths.topologyHash().equals(topology.contentHash())) {
            throw new IllegalArgumentException("paths were computed for another topology (hash %s, topology %s)"
                    .formatted(paths.topologyHash().substring(0, 12), topology.contentHash().substring(0, 12)));
        }
    }

    /** @return the problem on the topology's own capacities */
    public static TeProblem of(Topology topology, PathSet paths, Commodities commodities) {
        return new TeProblem(topology, paths, commodities, topology.capacitiesMbps());
    }

    /** @return number of path variables: the sum of every commodity's path count */
    public int pathVariables() {
        return firstColumns()[commodities.size()];
    }

    /**
     * @return per commodity the index of its first path variable, plus one past the last, so
     *         commodity k's variables are {@code [firstColumns()[k], firstColumns()[k+1])}; the layout
     *         every LP, allocation and heuristic shares
     */
    public int[] firstColumns() {
        int[] first = new int[commodities.size() + 1];
        for (int k = 0; k < commodities.size(); k++) {
            first[k + 1] = first[k] + paths.pathCount(commodities.pairIndex(k));
        }
        return first;
    }

    /**
     * @return per path variable, the index in {@link #paths()} of the path it follows (commodity
     *         k's variables follow its pair's paths by rank, from {@code paths().firstPath(pair)})
     */
    public int[] columnPaths() {
        int[] first = firstColumns();
        int[] pathOf = new int[first[commodities.size()]];
        for (int k = 0; k < commodities.size(); k++) {
            int path = paths.firstPath(commodities.pairIndex(k));
            for (int j = first[k]; j < first[k + 1]; j++) {
                pathOf[j] = path++;
            }
        }
        return pathOf;
    }

    /** @return per path variable, the commodity it belongs to (the layout of {@link #firstColumns()}) */
    public int[] columnCommodities() {
        int[] first = firstColumns();
        int[] commodityOf = new int[first[commodities.size()]];
        for (int k = 0; k < commodities.size(); k++) {
            java.util.Arrays.fill(commodityOf, first[k], first[k + 1], k);
        }
        return commodityOf;
    }

    /**
     * @return the rank among commodity {@code k}'s paths of its first one over no arc of capacity 0
     *         (failed or drained), or -1 if every path crosses one
     */
    public int openPathRank(int k) {
        int pair = commodities.pairIndex(k);
        for (int r = 0, first = paths.firstPath(pair); r < paths.pathCount(pair); r++) {
            if (avoidsFailedArcs(first + r)) {
                return r;
            }
        }
        return -1;
    }

    /** @return whether path {@code path} (an index in {@link #paths()}) crosses no arc of capacity 0 (failed or drained) */
    public boolean avoidsFailedArcs(int path) {
        for (int j = 0; j < paths.pathLength(path); j++) {
            if (!(capacityMbps[paths.arc(path, j)] > 0)) {
                return false;
            }
        }
        return true;
    }
}
