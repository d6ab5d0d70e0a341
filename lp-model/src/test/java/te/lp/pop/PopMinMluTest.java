package te.lp.pop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.Objective;
import te.lp.SolveStatus;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.TeInstances;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.lp.TeSolver;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

/**
 * Min-MLU through POP where the network is overloaded (z > 1): the merge must pass the check at
 * the sub-problems' z, not at 1, and the refinement after the merge must bring the peak down to
 * near the full LP's (each sub-problem alone sees capacity/k and ends well above it).
 */
class PopMinMluTest {
    private static final TeSolver HIGHS = Solvers.byName("highs");

    @Test
    void anOverloadedNetworkIsSolvedAndRefinedToTheFullLpsPeak() {
        Topology net = TestTopologies.ringWithChords(14);
        TeProblem p = TeInstances.problem(net, PathSpec.defaults(), TrafficSpec.parse("gravity:1,2048").generate(net));
        double full = new TeOptimizer(HIGHS, new SolverOptions(60, 1, false)).solve(p, Objective.MIN_MLU).value();
        assertThat(full).isGreaterThan(1);
        for (int k : new int[] {2, 4}) {
            PopResult r = new PopSolver(HIGHS, new PopOptions(k, 0, 1, new RandomPartitioner(), 2, new SolverOptions(60, 1, false)))
                    .solve(p, Objective.MIN_MLU);
            assertThat(r.status()).as("POP-%d: %s", k, r.message()).isEqualTo(SolveStatus.OPTIMAL);
            assertThat(r.value()).as("POP-%d", k).isBetween(full * (1 - 1e-6), full * 1.01);
            Allocation a = r.allocation().orElseThrow();
            assertThat(a.minDemandShare()).isCloseTo(1.0, within(1e-6));
            assertThat(new AllocationChecker().violations(a, r.value() * (1 + 1e-6))).isEmpty();
        }
    }
}
