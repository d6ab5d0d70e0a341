package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;

/**
 * Allocation's repairs, fed what solvers rarely return in the other tests: flows above demand and
 * capacity, commodities left without flow, closed arcs.
 */
class AllocationTest {
    private static final Topology SQUARE = TestTopologies.undirected(4, "0-1@100", "1-2@100", "2-3@100", "0-3@100");

    /** Square 0-1-2-3 of 100 Mbps links; commodities 0→2, 1→3, 2→0, 3→1 of {@code demand}, two 2-hop paths each. */
    private static TeProblem square(double demand) {
        return TeInstances.problem(SQUARE, new PathSpec(2, PathMethod.EDGE_DISJOINT, PathMetric.HOPS),
                TeInstances.matrix(4, "0>2=" + demand, "1>3=" + demand, "2>0=" + demand, "3>1=" + demand));
    }

    /** @return {@code problem} with the first arc of commodity {@code k}'s first path closed */
    private static TeProblem closingFirstPathOf(TeProblem problem, int k) {
        int path = problem.paths().firstPath(problem.commodities().pairIndex(k));
        return TeInstances.withClosedArcs(problem, problem.paths().arc(path, 0));
    }

    @Test
    void extractScalesEveryPathThroughAnOverloadedArcToItsCapacityEvenWhenEveryArcIsOverloaded() {
        TeProblem p = square(1000);
        double[] flow = new double[p.pathVariables()];
        java.util.Arrays.fill(flow, 200); // two paths over each arc: 400 Mbps on every arc of 100
        Allocation a = Allocation.extract(p, flow);
        for (int j = 0; j < flow.length; j++) {
            assertThat(a.pathFlowMbps(j)).as("path variable %d", j).isCloseTo(50, within(1e-9));
        }
        for (double load : a.arcLoadMbps()) {
            assertThat(load).isCloseTo(100, within(1e-9));
        }
        assertThat(new AllocationChecker().violations(a, 1)).isEmpty();
    }

    @Test
    void extractScalesACommodityAboveItsDemandOrItsMostShareDownKeepingItsSplit() {
        TeProblem p = square(10);
        double[] flow = new double[p.pathVariables()];
        flow[0] = 9;
        flow[1] = 3; // commodity 0: 12 for a demand of 10
        Allocation a = Allocation.extract(p, flow);
        assertThat(a.commodityFlowMbps(0)).isCloseTo(10, within(1e-12));
        assertThat(a.pathFlowMbps(0) / a.pathFlowMbps(1)).isCloseTo(3, within(1e-12));
        assertThat(new AllocationChecker().violations(a, 1)).isEmpty();

        double[] none = new double[4];
        double[] most = {0.5, 1, 1, 1};
        Allocation capped = Allocation.extract(p, flow, none, most);
        assertThat(capped.commodityFlowMbps(0)).isCloseTo(5, within(1e-12));
        assertThat(new AllocationChecker().violations(capped, 1)).isEmpty();
    }

    @Test
    void extractRaisesACommodityBelowTheLeastShareKeepingItsSplit() {
        TeProblem p = square(10);
        double[] flow = new double[p.pathVariables()];
        java.util.Arrays.fill(flow, 4); // every commodity at 8 of 10
        flow[0] = 1.5;
        flow[1] = 0.5; // commodity 0 at 2 of 10
        Allocation a = Allocation.extract(p, flow, 0.6);
        assertThat(a.commodityFlowMbps(0)).isCloseTo(6, within(1e-12));
        assertThat(a.pathFlowMbps(0) / a.pathFlowMbps(1)).isCloseTo(3, within(1e-12));
        for (int k = 1; k < 4; k++) {
            assertThat(a.commodityFlowMbps(k)).as("commodity %d", k).isCloseTo(8, within(1e-12));
        }
        assertThat(a.minDemandShare()).isCloseTo(0.6, within(1e-12));
        assertThat(new AllocationChecker().violations(a, 1)).isEmpty();
    }

    @Test
    void extractPutsTheLeastShareOfAnUnroutedCommodityOnItsFirstOpenPath() {
        TeProblem p = closingFirstPathOf(square(10), 1);
        assertThat(p.openPathRank(1)).isEqualTo(1);
        Allocation a = Allocation.extract(p, new double[p.pathVariables()], 0.5);
        for (int k = 0; k < 4; k++) {
            assertThat(a.commodityFlowMbps(k)).as("commodity %d", k).isCloseTo(5, within(1e-12));
            assertThat(a.pathFlowMbps(a.firstColumn(k) + p.openPathRank(k))).as("commodity %d", k).isCloseTo(5, within(1e-12));
        }
        assertThat(new AllocationChecker().violations(a, 1)).isEmpty();
    }

    @Test
    void extractFullDemandRoutesAnUnroutedCommodityWholeOnItsFirstOpenPath() {
        TeProblem p = closingFirstPathOf(square(10), 1);
        double[] flow = new double[p.pathVariables()];
        flow[0] = 1; // commodity 0 scaled up to its demand; 1, 2 and 3 have nothing
        Allocation a = Allocation.extractFullDemand(p, flow);
        assertThat(a.pathFlowMbps(0)).isEqualTo(10);
        for (int k = 1; k < 4; k++) {
            assertThat(a.commodityFlowMbps(k)).as("commodity %d", k).isEqualTo(10);
            assertThat(a.pathFlowMbps(a.firstColumn(k) + p.openPathRank(k))).as("commodity %d", k).isEqualTo(10);
        }
        assertThat(a.maxUtilisation()).isFinite();
        assertThat(new AllocationChecker().violations(a, Math.max(1, a.maxUtilisation()))).isEmpty();
    }

    @Test
    void aClosedArcCountsInThePeakUtilisationOnlyWhenItCarriesFlow() {
        TeProblem p = closingFirstPathOf(square(100), 1);
        double[] flow = new double[p.pathVariables()];
        int open = p.firstColumns()[1] + 1;
        flow[open] = 50;
        Allocation routed = new Allocation(p, flow);
        assertThat(routed.maxUtilisation()).isCloseTo(0.5, within(1e-12));
        assertThat(new AllocationChecker().violations(routed, 1)).isEmpty();
        flow[p.firstColumns()[1]] = 1;
        Allocation closed = new Allocation(p, flow);
        assertThat(closed.maxUtilisation()).isInfinite();
        assertThat(new AllocationChecker().violations(closed, 1)).singleElement().asString().contains("load 1.00000000 Mbps exceeds 0.00000000 Mbps");
    }

    @Test
    void meanPathHopsIsZeroWithoutFlowAndFlowWeightedWithIt() {
        Topology t = TestTopologies.graph(3, "0>1@10", "1>2@10", "0>2@10");
        TeProblem p = TeInstances.problem(t, PathSpec.defaults(), TeInstances.matrix(3, "0>2=10"));
        assertThat(new Allocation(p, new double[2]).meanPathHops()).isZero();
        Allocation a = new Allocation(p, new double[] {3, 1});
        assertThat(a.meanPathHops()).isCloseTo((3 * 1 + 1 * 2) / 4.0, within(1e-12));
        assertThat(new AllocationChecker().violations(a, 1)).isEmpty();
    }
}
