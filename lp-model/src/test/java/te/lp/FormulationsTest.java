package te.lp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;

class FormulationsTest {
    // 0->1 is thin (5), everything else 100: only 0->1 can ever bind for a 10 Mbps demand.
    private final Topology net = TestTopologies.undirected(3, "0-1@5", "1-2@100", "0-2@100");
    private final TeProblem problem = TeInstances.problem(net, new PathSpec(2, PathMethod.YEN, PathMetric.HOPS),
            TeInstances.matrix(3, "0>1=10"));

    @Test
    void capacityRowsThatCannotBindAreLeftOut() {
        LpModel total = Formulations.totalFlow(problem, 0);
        // Paths 0->1 and 0->2->1; only arc 0->1 (capacity 5 < demand 10) keeps a row, plus one commodity row.
        assertThat(total.rows()).isEqualTo(2);
        assertThat(total.columns()).isEqualTo(2);
        // Min-MLU keeps every used arc: z depends on all of them.
        assertThat(Formulations.minMaxUtilisation(problem).rows()).isEqualTo(3 + 1);
    }

    @Test
    void leavingRowsOutChangesNeitherOptimumNorFeasibility() {
        TeResult r = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false)).solve(problem, Objective.TOTAL_FLOW);
        assertThat(r.value()).isCloseTo(10.0, org.assertj.core.api.Assertions.within(1e-6));
        assertThat(new AllocationChecker().violations(r.allocation().orElseThrow(), 1)).isEmpty();
        // The direct path may carry at most its 5 Mbps; the rest goes round.
        assertThat(r.allocation().orElseThrow().pathFlowMbps(0)).isLessThanOrEqualTo(5.0 + 1e-9);
    }

    @Test
    void zeroDemandAndPathlessEntriesGetNoVariablesAndAreCounted() {
        Topology split = TestTopologies.graph(3, "0>1", "1>0", "1>2");
        TeProblem p = TeInstances.problem(split, PathSpec.defaults(), TeInstances.matrix(3, "0>1=0", "1>0=4", "2>0=3"));
        assertThat(p.commodities().size()).isEqualTo(1);
        assertThat(p.commodities().zeroDemandSkipped()).isEqualTo(1);
        assertThat(p.commodities().withoutPathSkipped()).isEqualTo(1);
        assertThat(p.commodities().unroutableDemandMbps()).isEqualTo(3.0);
    }
}
