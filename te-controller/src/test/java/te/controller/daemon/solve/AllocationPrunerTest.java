package te.controller.daemon.solve;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import te.controller.daemon.LinkState;
import te.controller.daemon.NetworkSnapshot;
import te.controller.daemon.SurvivingPaths;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.Commodities;
import te.lp.TeProblem;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;

class AllocationPrunerTest {
    // 0-1 direct and 0-2-1 around; 2-3 hangs off 2.
    final Topology t = TestTopologies.undirected(4, "0-1", "0-2", "2-1", "2-3");
    final PathSet base = PathPrecomputation.allPairs(t, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);

    /** 0->1: 6 Mbps direct and 4 around; 0->3: 5 Mbps. */
    Allocation split() {
        TrafficMatrix tm = new TrafficMatrix(4, new int[] {0, 0}, new int[] {1, 3}, new double[] {10, 5});
        TeProblem p = TeProblem.of(t, base, Commodities.of(tm, base));
        double[] flow = new double[p.pathVariables()];
        int pair = base.pairIndex(0, 1);
        for (int j = 0; j < base.pathCount(pair); j++) {
            flow[j] = base.pathLength(base.firstPath(pair) + j) == 1 ? 6 : 4;
        }
        flow[flow.length - 1] = 5;
        return new Allocation(p, flow);
    }

    @Test
    void flowOverAFailedArcIsDroppedAndTheRestKept() {
        Allocation a = split();
        NetworkSnapshot n = SurvivingPaths.of(t, base, LinkState.allUp().with(t.arcIndex(0, 1), true), 1);
        Allocation pruned = AllocationPruner.prune(a, t, n).orElseThrow();
        assertThat(pruned.totalFlowMbps()).isEqualTo(9.0);
        assertThat(pruned.arcLoadMbps()[t.arcIndex(0, 1)]).isZero();
        assertThat(new AllocationChecker().violations(pruned, 1.0)).isEmpty();
        assertThat(pruned.problem().paths()).isSameAs(n.paths());
    }

    @Test
    void nothingIsPrunedWhenNoFlowUsesAFailedArc() {
        Allocation a = split();
        NetworkSnapshot n = SurvivingPaths.of(t, base, LinkState.allUp().with(t.arcIndex(1, 0), true), 1);
        assertThat(AllocationPruner.prune(a, t, n)).isEmpty();
    }

    @Test
    void commoditiesLeftWithoutPathsAreDropped() {
        Allocation a = split();
        NetworkSnapshot n = SurvivingPaths.of(t, base, LinkState.allUp().with(t.arcIndex(2, 3), true), 1);
        Allocation pruned = AllocationPruner.prune(a, t, n).orElseThrow();
        assertThat(pruned.problem().commodities().size()).isEqualTo(1);
        assertThat(pruned.totalFlowMbps()).isEqualTo(10.0);
    }
}
