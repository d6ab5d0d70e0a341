package te.lp.pop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.TeInstances;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

class HeavyCommodityLpTest {
    private static final Topology NET = TestTopologies.ringWithChords(14);
    private static final SolverOptions OPTIONS = new SolverOptions(60, 1, false);

    @Test
    void whenEveryCommodityFitsTheBoundsTheResultIsTheMinMluOptimum() {
        for (String traffic : new String[] {"poisson-high-intra:1,64", "gravity:2,512"}) {
            TeProblem p = TeInstances.problem(NET, PathSpec.defaults(), TrafficSpec.parse(traffic).generate(NET));
            assertThat(p.commodities().size()).isLessThan(HeavyCommodityLp.MAX_COMMODITIES);
            double optimum = new TeOptimizer(Solvers.byName("highs"), OPTIONS).solve(p, Objective.MIN_MLU).value();
            double[] lastPath = lastPathRouting(p);
            double before = new Allocation(p, lastPath).maxUtilisation();
            var input = new UtilisationDescent.Routing(lastPath.clone(), before);

            var lowered = new HeavyCommodityLp(p, Solvers.byName("highs-warm"), OPTIONS).lower(input);

            assertThat(input.flowMbps()).as("input untouched").containsExactly(lastPath);
            Allocation after = new Allocation(p, lowered.flowMbps());
            for (int k = 0; k < p.commodities().size(); k++) {
                assertThat(after.commodityFlowMbps(k)).as(traffic).isCloseTo(p.commodities().demandMbps(k), within(1e-9));
            }
            assertThat(lowered.maxUtilisation()).isCloseTo(after.maxUtilisation(), within(1e-12));
            assertThat(new AllocationChecker().violations(after, after.maxUtilisation() * (1 + 1e-9))).as(traffic).isEmpty();
            assertThat(before).as(traffic + ": last-path routing is far from the optimum").isGreaterThan(optimum * 1.2);
            assertThat(after.maxUtilisation()).as(traffic).isCloseTo(optimum, within(1e-6 * optimum));
        }
    }

    @Test
    void aFailedSolveKeepsTheRouting() {
        TeProblem p = TeInstances.problem(NET, PathSpec.defaults(), TrafficSpec.parse("gravity:1,512").generate(NET));
        double[] flow = lastPathRouting(p);
        var input = new UtilisationDescent.Routing(flow, new Allocation(p, flow).maxUtilisation());
        var lowered = new HeavyCommodityLp(p, Solvers.byName("highs"), new SolverOptions(1e-9, 1, false)).lower(input);
        assertThat(lowered).isSameAs(input);
    }

    /** Every commodity's whole demand on its last (longest) path. */
    private static double[] lastPathRouting(TeProblem p) {
        double[] flow = new double[p.pathVariables()];
        int[] first = p.firstColumns();
        for (int k = 0; k < p.commodities().size(); k++) {
            flow[first[k + 1] - 1] = p.commodities().demandMbps(k);
        }
        return flow;
    }
}
