package te.lp;

import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;

/** Builds TE problems for tests. */
public final class TeInstances {
    private TeInstances() {
    }

    /** @return the problem routing {@code tm} over all-pairs paths of {@code topology} */
    public static TeProblem problem(Topology topology, PathSpec spec, TrafficMatrix tm) {
        PathSet paths = PathPrecomputation.allPairs(topology, spec, 2, PathPrecomputation.Progress.NONE);
        return TeProblem.of(topology, paths, Commodities.of(tm, paths));
    }

    /** @return a matrix from "s>d=demand" entries (sorted by the caller) */
    public static TrafficMatrix matrix(int n, String... entries) {
        int[] s = new int[entries.length];
        int[] d = new int[entries.length];
        double[] dem = new double[entries.length];
        for (int i = 0; i < entries.length; i++) {
            String[] pairDemand = entries[i].split("=");
            String[] sd = pairDemand[0].split(">");
            s[i] = Integer.parseInt(sd[0]);
            d[i] = Integer.parseInt(sd[1]);
            dem[i] = Double.parseDouble(pairDemand[1]);
        }
        return new TrafficMatrix(n, s, d, dem);
    }
}
