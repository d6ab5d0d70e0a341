package te.controller.daemon.solve;

import te.lp.Allocation;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;

/** A four-node network where 0->1 has two paths, and an allocation split over them. */
final class TwoPathFixture {
    /** 0-1 direct and 0-2-1 around; 2-3 hangs off 2. */
    static final Topology T = TestTopologies.undirected(4, "0-1", "0-2", "2-1", "2-3");
    static final PathSet BASE = PathPrecomputation.allPairs(T, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);

    private TwoPathFixture() {
    }

    /** @return 0->1: 6 Mbps direct and 4 around; 0->3: 5 Mbps */
    static Allocation split() {
        TrafficMatrix tm = new TrafficMatrix(4, new int[] {0, 0}, new int[] {1, 3}, new double[] {10, 5});
        TeProblem p = TeProblem.of(T, BASE, Commodities.of(tm, BASE));
        double[] flow = new double[p.pathVariables()];
        int pair = BASE.pairIndex(0, 1);
        for (int j = 0; j < BASE.pathCount(pair); j++) {
            flow[j] = BASE.pathLength(BASE.firstPath(pair) + j) == 1 ? 6 : 4;
        }
        flow[flow.length - 1] = 5;
        return new Allocation(p, flow);
    }
}
