package te.lp.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.TeInstances;
import te.lp.TeProblem;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathSpec;

class CspfTest {
    /**
     * Arcs 0→1 and 1→2 of 1000 Mbps, 0→2 of 10: ranked by inverse capacity, 0→2's first path goes
     * through 1 and its second is the direct arc. CSPF takes candidates by hop count, so 0→2's
     * 10 Mbps goes on the direct arc, which it fills exactly; 0→1 and 1→2 each get their 600.
     */
    @Test
    void candidatesGoByHopCountNotRankAndAnExactFitIsTaken() {
        Topology t = TestTopologies.graph(3, "0>1@1000", "1>2@1000", "0>2@10");
        TeProblem p = TeInstances.problem(t, PathSpec.defaults(), TeInstances.matrix(3, "0>1=600", "0>2=10", "1>2=600"));
        int[] first = p.firstColumns();
        assertThat(first).containsExactly(0, 1, 3, 4);
        assertThat(p.paths().pathLength(p.paths().firstPath(p.commodities().pairIndex(1)))).isEqualTo(2);

        Allocation a = Cspf.allocate(p);

        assertThat(a.pathFlowsMbps()).containsExactly(600, 0, 10, 600);
        assertThat(new AllocationChecker().violations(a, 1)).isEmpty();
    }

    /** Two commodities over one 100 Mbps arc: the first in commodity order takes it, the second does not fit. */
    @Test
    void aCommodityThatFitsNowhereGetsNothingAndTheOthersKeepTheirs() {
        Topology t = TestTopologies.graph(3, "0>1@100", "1>2@100");
        TeProblem p = TeInstances.problem(t, PathSpec.defaults(), TeInstances.matrix(3, "0>1=60", "0>2=60", "1>2=40"));
        Allocation a = Cspf.allocate(p);
        assertThat(a.pathFlowsMbps()).containsExactly(60, 0, 40);
        assertThat(new AllocationChecker().violations(a, 1)).isEmpty();
    }
}
