package te.controller.daemon.solve;

import java.util.HashMap;
import java.util.Map;
import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.topology.paths.PathSet;

/**
 * Carries an allocation's flows over to other paths or commodities: a commodity (same source and
 * destination) keeps its flow on every path with the same arc sequence, and has none elsewhere.
 */
final class CarriedFlows {
    /** Relative shortfall of a carried flow below which all of it counts as carried (summation order). */
    private static final double COMPLETE = 1e-9;
    private CarriedFlows() {
    }

    /**
     * Copies commodity {@code k}'s flow in {@code from} onto pair {@code pair} of {@code paths}.
     *
     * @param into   columns of the target allocation
     * @param offset the target commodity's first column in {@code into}
     * @return the flow copied, Mbps; what is missing from {@code from}'s commodity flow had no path
     */
    static double carry(Allocation from, int k, PathSet paths, int pair, double[] into, int offset) {
        PathSet oldPaths = from.problem().paths();
        int oldPair = from.problem().commodities().pairIndex(k);
        int oldFirst = oldPaths.firstPath(oldPair);
        double carried = 0;
        if (oldPaths == paths && oldPair == pair) {
            // The same path list: no arc sequence to compare (the usual case between re-solves).
            for (int j = 0; j < paths.pathCount(pair); j++) {
                into[offset + j] = from.pathFlowMbps(from.firstColumn(k) + j);
                carried += into[offset + j];
            }
            return carried;
        }
        int oldCount = oldPaths.firstPath(oldPair + 1) - oldFirst;
        int first = paths.firstPath(pair);
        for (int j = first; j < paths.firstPath(pair + 1); j++) {
            // Paths rarely change places: the same position first, then the others.
            for (int i = 0; i < oldCount; i++) {
                int o = oldFirst + (j - first + i) % oldCount;
                if (paths.samePath(j, oldPaths, o)) {
                    double f = from.pathFlowMbps(from.firstColumn(k) + o - oldFirst);
                    into[offset + j - first] = f;
                    carried += f;
                    break;
                }
            }
        }
        return carried;
    }

    /** @return {@code target}'s columns with {@code from}'s flows carried over, commodity by commodity */
    static double[] onto(Allocation from, TeProblem target) {
        return onto(from, target, new boolean[target.commodities().size()]);
    }

    /**
     * As {@link #onto(Allocation, TeProblem)}, also saying per target commodity whether all of its
     * flow in {@code from} found a path with the same arcs (to within {@code 1e-9} relative; false
     * for a commodity without flow there).
     *
     * @param complete filled per target commodity index
     */
    static double[] onto(Allocation from, TeProblem target, boolean[] complete) {
        Commodities old = from.problem().commodities();
        Map<Long, Integer> byPair = null;
        Commodities c = target.commodities();
        PathSet paths = target.paths();
        int columns = 0;
        for (int k = 0; k < c.size(); k++) {
            columns += paths.pathCount(c.pairIndex(k));
        }
        double[] flow = new double[columns];
        int offset = 0;
        for (int k = 0; k < c.size(); k++) {
            Integer o;
            if (k < old.size() && old.src(k) == c.src(k) && old.dst(k) == c.dst(k)) {
                o = k; // the same commodity list, the usual case: no lookup
            } else {
                if (byPair == null) {
                    byPair = new HashMap<>(old.size() * 2);
                    for (int i = 0; i < old.size(); i++) {
                        byPair.put(key(old.src(i), old.dst(i)), i);
                    }
                }
                o = byPair.get(key(c.src(k), c.dst(k)));
            }
            if (o != null) {
                double carried = carry(from, o, paths, c.pairIndex(k), flow, offset);
                double had = from.commodityFlowMbps(o);
                complete[k] = had > 0 && !(carried < had * (1 - COMPLETE));
            }
            offset += paths.pathCount(c.pairIndex(k));
        }
        return flow;
    }

    private static long key(int src, int dst) {
        return (long) src << 32 | (dst & 0xffffffffL);
    }
}
