package te.controller.daemon.solve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import te.lp.Allocation;
import te.lp.AllocationChecker;
import te.lp.Commodities;
import te.lp.Objective;
import te.lp.TeProblem;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathPrecomputation;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficMatrix;

class KeptSplitsTest {
    final Topology t = TwoPathFixture.T;
    final PathSet base = TwoPathFixture.BASE;

    /** 0->1: 6 Mbps direct and 4 around; 0->3: 5 Mbps. */
    Allocation served() {
        return TwoPathFixture.split();
    }

    /** 0->1 falls to 5, 0->3 rises to 8, 2->3 is new; over {@code paths}. */
    TeProblem next(PathSet paths) {
        TrafficMatrix tm = new TrafficMatrix(4, new int[] {0, 0, 2}, new int[] {1, 3, 3}, new double[] {5, 8, 1});
        return TeProblem.of(t, paths, Commodities.of(tm, paths));
    }

    @Test
    void aFallenDemandIsScaledDownARisenOneKeepsItsFlowANewOneGetsNoneAndNoSplitMoves() {
        // Recomputed paths: a different list with the same arc sequences, matched by arcs.
        PathSet again = PathPrecomputation.allPairs(t, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);
        for (PathSet paths : new PathSet[] {base, again}) {
            Allocation fit = KeptSplits.fit(served(), next(paths), Objective.TOTAL_FLOW).orElseThrow();
            assertThat(fit.commodityFlowMbps(0)).isCloseTo(5, within(1e-12));
            int direct = paths.pathLength(paths.firstPath(paths.pairIndex(0, 1))) == 1 ? 0 : 1;
            assertThat(fit.pathFlowMbps(fit.firstColumn(0) + direct)).isCloseTo(3, within(1e-12));
            assertThat(fit.pathFlowMbps(fit.firstColumn(0) + 1 - direct)).isCloseTo(2, within(1e-12));
            assertThat(fit.commodityFlowMbps(1)).isEqualTo(5);
            assertThat(fit.commodityFlowMbps(2)).isZero();
            assertThat(new AllocationChecker().violations(fit, 1.0)).isEmpty();
        }
    }

    @Test
    void commoditiesAreFoundByTheirEndsWhenTheListChanged() {
        // 0->1 is gone, so 0->3 moved from the second place to the first.
        TrafficMatrix tm = new TrafficMatrix(4, new int[] {0}, new int[] {3}, new double[] {4});
        Allocation fit = KeptSplits.fit(served(), TeProblem.of(t, base, Commodities.of(tm, base)), Objective.TOTAL_FLOW).orElseThrow();
        assertThat(fit.commodityFlowMbps(0)).isEqualTo(4);
        assertThat(new AllocationChecker().violations(fit, 1.0)).isEmpty();
    }

    @Test
    void minMluScalesEveryCommodityToItsDemandOrGivesUpOnOneWithoutFlow() {
        TrafficMatrix tm = new TrafficMatrix(4, new int[] {0, 0}, new int[] {1, 3}, new double[] {20, 2});
        Allocation fit = KeptSplits.fit(served(), TeProblem.of(t, base, Commodities.of(tm, base)), Objective.MIN_MLU).orElseThrow();
        assertThat(fit.commodityFlowMbps(0)).isCloseTo(20, within(1e-12));
        assertThat(fit.commodityFlowMbps(1)).isCloseTo(2, within(1e-12));
        assertThat(new AllocationChecker().violations(fit, 1.0)).isEmpty();
        assertThat(KeptSplits.fit(served(), next(base), Objective.MIN_MLU)).isEmpty();
    }

    @Test
    void pathsThatAreGoneLoseTheirFlow() {
        // Only the direct path 0-1 is left for 0->1 (k = 1 shortest path).
        PathSet one = PathPrecomputation.allPairs(t, new PathSpec(1, PathSpec.defaults().method(), PathSpec.defaults().metric()), 1,
                PathPrecomputation.Progress.NONE);
        Allocation fit = KeptSplits.fit(served(), next(one), Objective.TOTAL_FLOW).orElseThrow();
        assertThat(fit.commodityFlowMbps(0)).isCloseTo(5, within(1e-12)); // 6 carried, scaled to the demand of 5
        assertThat(new AllocationChecker().violations(fit, 1.0)).isEmpty();
    }

    /** 0->1 over 0-1 and 0-2-1, every link {@code capacity} Mbps; {@code demand} split {@code direct} : 1 − direct. */
    private static Allocation triangle(double capacity, double demand, double direct) {
        Topology tri = TestTopologies.undirected(3, "0-1@" + capacity, "0-2@" + capacity, "2-1@" + capacity);
        PathSet paths = PathPrecomputation.allPairs(tri, PathSpec.defaults(), 1, PathPrecomputation.Progress.NONE);
        TrafficMatrix tm = new TrafficMatrix(3, new int[] {0}, new int[] {1}, new double[] {demand});
        TeProblem p = TeProblem.of(tri, paths, Commodities.of(tm, paths));
        double[] flow = new double[p.pathVariables()];
        int pair = paths.pairIndex(0, 1);
        for (int j = 0; j < paths.pathCount(pair); j++) {
            flow[j] = demand * (paths.pathLength(paths.firstPath(pair) + j) == 1 ? direct : 1 - direct);
        }
        return new Allocation(p, flow);
    }

    @Test
    void minMluKeepsAnOverloadedFitWithinTheGainButNeverOverloadsWhereTheReSolveDoesNot() {
        // 30 Mbps over two 10 Mbps paths: the re-solve's best is 1.5; the kept 15.05 / 14.95 reaches 1.505 (0.33 % worse).
        Allocation overloaded = triangle(10, 30, 15.05 / 30);
        assertThat(overloaded.maxUtilisation()).isCloseTo(1.505, within(1e-12));
        assertThat(KeptSplits.keeps(Objective.MIN_MLU, overloaded, overloaded.maxUtilisation(), 1.5, 0.005)).isTrue();
        assertThat(KeptSplits.keeps(Objective.MIN_MLU, overloaded, overloaded.maxUtilisation(), 1.5, 0.003)).isFalse();
        // 19.9 Mbps: the re-solve stays at 0.995, a 51 : 49 split would load 10.149 Mbps onto a 10 Mbps link.
        Allocation over = triangle(10, 19.9, 0.51);
        assertThat(over.maxUtilisation()).isGreaterThan(1);
        assertThat(KeptSplits.keeps(Objective.MIN_MLU, over, over.maxUtilisation(), 0.995, 0.05)).isFalse();
        Allocation under = triangle(10, 19.9, 0.501);
        assertThat(KeptSplits.keeps(Objective.MIN_MLU, under, under.maxUtilisation(), 0.995, 0.05)).isTrue();
    }

    @Test
    void theGainIsTheReSolvesRelativeImprovementInTheObjectivesDirection() {
        assertThat(KeptSplits.gain(Objective.TOTAL_FLOW, 99, 100)).isCloseTo(0.01, within(1e-12));
        assertThat(KeptSplits.withinMinGain(Objective.TOTAL_FLOW, 99, 100, 0.01)).isTrue();
        assertThat(KeptSplits.withinMinGain(Objective.TOTAL_FLOW, 99, 100, 0.005)).isFalse();
        assertThat(KeptSplits.gain(Objective.MIN_MLU, 0.505, 0.5)).isCloseTo(0.01, within(1e-12));
        assertThat(KeptSplits.withinMinGain(Objective.MIN_MLU, 0.505, 0.5, 0.005)).isFalse();
        assertThat(KeptSplits.withinMinGain(Objective.CONCURRENT_FLOW, 0.8, 0.8, 0.001)).isTrue();
        assertThat(KeptSplits.withinMinGain(Objective.TOTAL_FLOW, Double.NaN, 100, 0.5)).isFalse();
    }

    @Test
    void theFairObjectiveIsRefused() {
        assertThatThrownBy(() -> KeptSplits.fit(served(), next(base), Objective.FAIR)).hasMessageContaining("fair");
        assertThatThrownBy(() -> new SolveSettings(Objective.FAIR, te.lp.Solvers.byName("highs"), 1, 0, 60, 1).withMinGain(0.01))
                .hasMessageContaining("--min-gain applies to total-flow, concurrent-flow and min-mlu, not fair");
        assertThatThrownBy(() -> new SolveSettings(Objective.TOTAL_FLOW, te.lp.Solvers.byName("highs"), 1, 0, 60, 1).withMinGain(1))
                .hasMessageContaining("--min-gain must be a fraction in [0, 1), e.g. 0.005 for 0.5 %, got 1.0");
    }
}
