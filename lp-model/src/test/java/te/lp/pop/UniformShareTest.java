package te.lp.pop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.TeInstances;
import te.lp.TeProblem;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathSpec;

class UniformShareTest {
    // 0→1, 1→2 and 0→2, 10 Mbps each; 0→2 has the direct path and the one through 1.
    private static final Topology TRIANGLE = TestTopologies.graph(3, "0>1@10", "1>2@10", "0>2@10");
    private static final TeProblem PROBLEM = problem(10, 20, 10);
    private static final TeProblem LIGHT = problem(1, 2, 1);

    private static TeProblem problem(double oneDemand, double twoDemand, double oneTwoDemand) {
        return TeInstances.problem(TRIANGLE, PathSpec.defaults(),
                TeInstances.matrix(3, "0>1=" + oneDemand, "0>2=" + twoDemand, "1>2=" + oneTwoDemand));
    }

    /** Commodity order is the matrix order: 0→1, 0→2, 1→2. */
    private static Allocation allocation(TeProblem problem, double oneFlow, double direct, double viaOne, double twoFlow) {
        double[] flow = new double[problem.pathVariables()];
        int[] first = problem.firstColumns();
        flow[first[0]] = oneFlow;
        flow[first[2]] = twoFlow;
        int p = problem.paths().firstPath(problem.commodities().pairIndex(1));
        boolean directFirst = problem.paths().pathLength(p) == 1;
        flow[first[1]] = directFirst ? direct : viaOne;
        flow[first[1] + 1] = directFirst ? viaOne : direct;
        return new Allocation(problem, flow);
    }

    @Test
    void givesEveryCommodityTheLargestCommonShareOverItsMergedSplit() {
        // α = 0.2 (0→1 and 1→2 at 2 of 10); at full demand over the same splits arcs 0→1 and 1→2
        // would carry 10 + 20·6/14 = 260/14, so the common share is 10/(260/14) = 7/13.
        Allocation merged = allocation(PROBLEM, 2, 8, 6, 2);
        assertThat(merged.minDemandShare()).isCloseTo(0.2, within(1e-12));

        Allocation rescaled = UniformShare.rescale(merged, 0);

        double share = 7.0 / 13;
        assertThat(rescaled.minDemandShare()).isCloseTo(share, within(1e-12));
        for (int k = 0; k < 3; k++) {
            assertThat(rescaled.commodityFlowMbps(k) / PROBLEM.commodities().demandMbps(k)).isCloseTo(share, within(1e-12));
        }
        int first = PROBLEM.firstColumns()[1];
        double ratio = rescaled.pathFlowMbps(first) / rescaled.pathFlowMbps(first + 1);
        assertThat(ratio).isCloseTo(merged.pathFlowMbps(first) / merged.pathFlowMbps(first + 1), within(1e-12));
        assertThat(new AllocationChecker().violations(rescaled, 1.0)).isEmpty();
        assertThat(rescaled.maxUtilisation()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void descentMovesSplitsTowardTheOptimumBeforeReScaling() {
        // The concurrent-flow optimum routes 5 of 0→2's 20 Mbps through 1: every arc then carries
        // 15 Mbps at full demand, so α* = 10/15. The merged split (8 direct, 6 through 1) gives 7/13.
        Allocation merged = allocation(PROBLEM, 2, 8, 6, 2);

        Allocation refined = UniformShare.rescale(merged, 50);

        // The soft maximum's minimiser sits slightly off the true one on 3 arcs: 0.657 measured.
        assertThat(refined.minDemandShare()).isGreaterThan(0.65).isLessThanOrEqualTo(2.0 / 3 + 1e-12);
        for (int k = 0; k < 3; k++) {
            assertThat(refined.commodityFlowMbps(k) / PROBLEM.commodities().demandMbps(k))
                    .isCloseTo(refined.minDemandShare(), within(1e-12));
        }
        assertThat(new AllocationChecker().violations(refined, 1.0)).isEmpty();
    }

    @Test
    void capsTheShareAtTheWholeDemand() {
        Allocation merged = allocation(LIGHT, 0.5, 0.5, 0.5, 0.5);

        Allocation rescaled = UniformShare.rescale(merged, 0);

        for (int k = 0; k < 3; k++) {
            assertThat(rescaled.commodityFlowMbps(k)).isCloseTo(LIGHT.commodities().demandMbps(k), within(1e-12));
        }
        assertThat(new AllocationChecker().violations(rescaled, 1.0)).isEmpty();
    }

    @Test
    void leavesAnAllocationWithAnUnservedCommodityAlone() {
        Allocation merged = allocation(PROBLEM, 10, 0, 0, 5);

        assertThat(UniformShare.rescale(merged, 0)).isSameAs(merged);
    }
}
