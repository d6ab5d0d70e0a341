package te.lp.baseline;

import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.topology.paths.PathSet;

/**
 * Every commodity on its first path that avoids failed (zero-capacity) arcs, all at the one share
 * of their demand the capacities allow: the best concurrent flow of that routing. Unlike CSPF it
 * leaves no routable commodity at zero, so its α is positive whenever every commodity has such a
 * path. Feasible by construction.
 */
public final class FirstPathShare {
    private FirstPathShare() {
    }

    /** @return the allocation (a commodity whose every path crosses a failed arc gets no flow) */
    public static Allocation allocate(TeProblem problem) {
        Commodities c = problem.commodities();
        PathSet paths = problem.paths();
        int[] firstColumn = problem.firstColumns();
        double[] capacity = problem.capacityMbps();
        double[] flow = new double[firstColumn[c.size()]];
        double[] load = new double[capacity.length];
        for (int k = 0; k < c.size(); k++) {
            int pair = c.pairIndex(k);
            for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
                if (problem.avoidsFailedArcs(p)) {
                    flow[firstColumn[k] + p - paths.firstPath(pair)] = c.demandMbps(k);
                    for (int j = 0; j < paths.pathLength(p); j++) {
                        load[paths.arc(p, j)] += c.demandMbps(k);
                    }
                    break;
                }
            }
        }
        double share = 1;
        for (int a = 0; a < load.length; a++) {
            if (load[a] > 0) {
                share = Math.min(share, capacity[a] / load[a]);
            }
        }
        for (int j = 0; j < flow.length; j++) {
            flow[j] *= share;
        }
        return new Allocation(problem, flow);
    }
}
