package te.lp.baseline;

import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.topology.paths.PathSet;

/**
 * The reference's CSPF heuristic: every candidate path of every commodity, sorted by hop count
 * (stable: ties keep commodity order, then path rank); each commodity's whole demand goes on the
 * first of its paths whose every arc still has that much residual capacity; no splitting. Feasible
 * by construction.
 */
public final class Cspf {
    private Cspf() {
    }

    /** @return the greedy allocation (commodities that fit nowhere get no flow) */
    public static Allocation allocate(TeProblem problem) {
        Commodities c = problem.commodities();
        PathSet paths = problem.paths();
        int[] firstColumn = problem.firstColumns();
        int total = firstColumn[c.size()];
        long[] keys = new long[total];
        int[] commodityOf = new int[total];
        int[] pathOf = new int[total];
        int j = 0;
        for (int k = 0; k < c.size(); k++) {
            int pair = c.pairIndex(k);
            for (int p = paths.firstPath(pair); p < paths.firstPath(pair + 1); p++) {
                commodityOf[j] = k;
                pathOf[j] = p;
                // Hop count in the high bits and the candidate's position below: sorting the longs
                // is a stable sort by hops.
                keys[j] = ((long) paths.pathLength(p) << 32) | j;
                j++;
            }
        }
        java.util.Arrays.sort(keys);
        double[] residual = problem.capacityMbps().clone();
        boolean[] placed = new boolean[c.size()];
        double[] flow = new double[total];
        for (long key : keys) {
            int candidate = (int) key;
            int k = commodityOf[candidate];
            if (placed[k]) {
                continue;
            }
            int p = pathOf[candidate];
            double demand = c.demandMbps(k);
            boolean fits = true;
            for (int i = 0; i < paths.pathLength(p) && fits; i++) {
                fits = residual[paths.arc(p, i)] >= demand;
            }
            if (fits) {
                for (int i = 0; i < paths.pathLength(p); i++) {
                    residual[paths.arc(p, i)] -= demand;
                }
                placed[k] = true;
                flow[firstColumn[k] + (p - paths.firstPath(c.pairIndex(k)))] = demand;
            }
        }
        return new Allocation(problem, flow);
    }
}
