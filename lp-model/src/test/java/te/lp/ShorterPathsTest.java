package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import te.lp.pop.PopOptions;
import te.lp.pop.PopSolver;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

class ShorterPathsTest {
    private static final SolverOptions OPTIONS = new SolverOptions(60, 1, false);

    /** 0→2 has a direct arc of 10 Mbps and a two-hop path whose arcs the 15 Mbps fill. */
    @Test
    void movesFlowOntoTheShorterPathUpToItsRoom() {
        Topology t = TestTopologies.graph(3, "0>2@10", "0>1@15", "1>2@15");
        TeProblem p = TeInstances.problem(t, new PathSpec(2, PathMethod.EDGE_DISJOINT, PathMetric.HOPS),
                TeInstances.matrix(3, "0>2=15"));
        assertThat(p.paths().pathLength(p.paths().firstPath(p.commodities().pairIndex(0)))).isEqualTo(1);

        ShorterPaths.Outcome o = ShorterPaths.shorten(new Allocation(p, new double[] {0, 15}), Objective.TOTAL_FLOW);

        assertThat(o.allocation().pathFlowsMbps()).containsExactly(10, 5);
        assertThat(new AllocationChecker().violations(o.allocation(), 1.0)).isEmpty();
        assertThat(o.movedMbps()).isEqualTo(10);
        assertThat(o.hopsBefore()).isEqualTo(2);
        assertThat(o.hopsAfter()).isCloseTo(20.0 / 15, within(1e-12));
        assertThat(o.allocation().meanPathHops()).isEqualTo(o.hopsAfter());
    }

    /** Nothing moves onto a shorter path beyond the allocation's own peak utilisation, here 15/1000. */
    @Test
    void neverRaisesThePeakUtilisation() {
        Topology t = TestTopologies.graph(3, "0>2@10", "0>1", "1>2");
        TeProblem p = TeInstances.problem(t, new PathSpec(2, PathMethod.EDGE_DISJOINT, PathMetric.HOPS),
                TeInstances.matrix(3, "0>2=15"));

        ShorterPaths.Outcome o = ShorterPaths.shorten(new Allocation(p, new double[] {0, 15}), Objective.TOTAL_FLOW);

        assertThat(o.allocation().pathFlowsMbps()[0]).isCloseTo(0.15, within(1e-12));
        assertThat(o.allocation().maxUtilisation()).isCloseTo(0.015, within(1e-15));
        assertThat(new AllocationChecker().violations(o.allocation(), 1.0)).isEmpty();
    }

    /**
     * Yen's paths 0→1→3 and 0→1→2→3 share the full arc 0→1: a move between them leaves its load as it
     * is, so it must not stop the move.
     */
    @Test
    void anArcBothPathsShareDoesNotLimitTheMove() {
        Topology t = TestTopologies.graph(4, "0>1@10", "1>3@100", "1>2@100", "2>3@100");
        TeProblem p = TeInstances.problem(t, new PathSpec(2, PathMethod.YEN, PathMetric.HOPS), TeInstances.matrix(4, "0>3=10"));

        ShorterPaths.Outcome o = ShorterPaths.shorten(new Allocation(p, new double[] {0, 10}), Objective.TOTAL_FLOW);

        assertThat(o.allocation().pathFlowsMbps()).containsExactly(10, 0);
        assertThat(o.allocation().arcLoadMbps()[0]).isEqualTo(10);
        assertThat(new AllocationChecker().violations(o.allocation(), 1.0)).isEmpty();
    }

    /**
     * A 0.001 Mbps arc the checker lets sit 9·10⁻⁷ Mbps over capacity (its absolute tolerance) puts
     * the peak at 1.0009: that must not let the 1,000 Mbps direct arc take 1,000.9.
     */
    @Test
    void aTinyArcWithinTheCheckersToleranceOpensNoOtherArcBeyondCapacity() {
        Topology t = TestTopologies.graph(5, "0>2@1000", "0>1@1000", "1>2@1000", "3>4@0.001");
        TeProblem p = TeInstances.problem(t, new PathSpec(2, PathMethod.EDGE_DISJOINT, PathMetric.HOPS),
                TeInstances.matrix(5, "0>2=1500", "3>4=0.0010009"));
        Allocation a = new Allocation(p, new double[] {1000, 500, 0.0010009});
        assertThat(new AllocationChecker().violations(a, 1.0)).isEmpty();
        assertThat(a.maxUtilisation()).isGreaterThan(1.0008);

        ShorterPaths.Outcome o = ShorterPaths.shorten(a, Objective.TOTAL_FLOW);

        assertThat(o.allocation().arcLoadMbps()[t.arcIndex(0, 2)]).isEqualTo(1000);
        assertThat(new AllocationChecker().violations(o.allocation(), 1.0)).isEmpty();
    }

    /** Commodities marked fixed keep their split: the daemon leaves served splits it put back alone. */
    @Test
    void fixedCommoditiesAreLeftAsTheyAre() {
        Topology t = TestTopologies.graph(3, "0>2@100", "0>1@15", "1>2@15", "2>0@100", "2>1@15", "1>0@15");
        TeProblem p = TeInstances.problem(t, new PathSpec(2, PathMethod.EDGE_DISJOINT, PathMetric.HOPS),
                TeInstances.matrix(3, "0>2=15", "2>0=15"));
        Allocation a = new Allocation(p, new double[] {0, 15, 0, 15});

        ShorterPaths.Outcome o = ShorterPaths.shorten(a, Objective.TOTAL_FLOW, new boolean[] {true, false});

        assertThat(o.allocation().pathFlowsMbps()).containsExactly(0, 15, 15, 0);
        assertThat(new AllocationChecker().violations(o.allocation(), 1.0)).isEmpty();
    }

    @Test
    void pathsOfEqualLengthAreNotTraded() {
        Topology t = TestTopologies.graph(4, "0>1", "1>3", "0>2", "2>3");
        TeProblem p = TeInstances.problem(t, new PathSpec(2, PathMethod.EDGE_DISJOINT, PathMetric.HOPS), TeInstances.matrix(4, "0>3=10"));
        Allocation a = new Allocation(p, new double[] {0, 10});

        ShorterPaths.Outcome o = ShorterPaths.shorten(a, Objective.TOTAL_FLOW);

        assertThat(o.allocation()).isSameAs(a);
        assertThat(o.movedMbps()).isZero();
    }

    /**
     * For every objective, over random networks, both path methods and metrics: every commodity
     * keeps its flow, so the objective keeps its value; the allocation stays within capacity (or
     * min-MLU's utilisation); no arc goes above the peak; the flow's length in the paths' metric
     * never grows. The optimizer's default does exactly this pass.
     */
    @Test
    void keepsEveryCommodityFlowAndTheObjectiveAndOnlyShortens() {
        TeSolver solver = Solvers.byName("highs-warm");
        int moved = 0;
        for (long seed = 1; seed <= 6; seed++) {
            Topology t = TeInstances.mixedCapacities(9 + 2 * (int) seed, seed);
            PathSpec spec = new PathSpec(3, seed % 2 == 0 ? PathMethod.YEN : PathMethod.EDGE_DISJOINT,
                    seed % 3 == 0 ? PathMetric.HOPS : PathMetric.INVERSE_CAPACITY);
            TeProblem p = TeInstances.problem(t, spec, new TrafficSpec("gravity", seed, 40 * seed).generate(t));
            for (Objective objective : Objective.values()) {
                String what = "seed %d, %s, %s".formatted(seed, spec.label(), objective);
                TeResult plain = new TeOptimizer(solver, OPTIONS).withShorterPaths(false).solve(p, objective);
                assertThat(plain.ok()).as(what + ": " + plain.message()).isTrue();
                Allocation before = plain.allocation().orElseThrow();
                ShorterPaths.Outcome o = ShorterPaths.shorten(before, objective);
                Allocation after = o.allocation();
                moved += o.movedMbps() > 0 ? 1 : 0;

                for (int k = 0; k < p.commodities().size(); k++) {
                    assertThat(after.commodityFlowMbps(k)).as(what + ", commodity " + k)
                            .isCloseTo(before.commodityFlowMbps(k), within(1e-9 * (1 + p.commodities().demandMbps(k))));
                }
                assertThat(after.objectiveValue(objective)).as(what).isCloseTo(plain.value(), within(1e-9 * (1 + Math.abs(plain.value()))));
                double peak = before.maxUtilisation();
                assertThat(new AllocationChecker().violations(after, Math.max(1.0, peak))).as(what).isEmpty();
                assertThat(after.maxUtilisation()).as(what).isLessThanOrEqualTo(peak * (1 + 1e-12));
                assertThat(length(after, spec.metric())).as(what).isLessThanOrEqualTo(length(before, spec.metric()) * (1 + 1e-12));

                TeResult shortened = new TeOptimizer(solver, OPTIONS).solve(p, objective);
                assertThat(shortened.allocation().orElseThrow().pathFlowsMbps()).as(what).containsExactly(after.pathFlowsMbps());
                assertThat(shortened.value()).as(what).isEqualTo(after.objectiveValue(objective));
            }
        }
        assertThat(moved).as("instances where some flow moved").isPositive();
    }

    /**
     * Cogentco gravity total flow: the solver's vertex carries a third of the flow on longer paths
     * than its commodity's shortest; moving it where there is room shortens the mean path.
     */
    @Test
    void cogentcoTotalFlowGetsShorterPathsAtTheSameOptimum() {
        Topology t = te.zoo.TopologyCatalog.discover().load("Cogentco");
        TeProblem p = TeInstances.problem(t, PathSpec.defaults(), new TrafficSpec("gravity", 1, 16).generate(t));
        TeSolver solver = Solvers.byName("highs-warm");
        TeResult plain = new TeOptimizer(solver, OPTIONS).withShorterPaths(false).solve(p, Objective.TOTAL_FLOW);
        TeResult shortened = new TeOptimizer(solver, OPTIONS).solve(p, Objective.TOTAL_FLOW);

        assertThat(shortened.value()).isCloseTo(plain.value(), within(1e-9 * plain.value()));
        assertThat(new AllocationChecker().violations(shortened.allocation().orElseThrow(), 1.0)).isEmpty();
        double hopsBefore = plain.allocation().orElseThrow().meanPathHops();
        double hopsAfter = shortened.allocation().orElseThrow().meanPathHops();
        assertThat(hopsAfter).as("mean hops %s -> %s", hopsBefore, hopsAfter).isLessThan(hopsBefore - 0.1);

        for (int k : List.of(4, 16)) {
            PopOptions pop = new PopOptions(k, 0, 1, new te.lp.pop.RandomPartitioner(), 2, OPTIONS);
            var popPlain = new PopSolver(solver, pop).withShorterPaths(false).solve(p, Objective.TOTAL_FLOW);
            var popShort = new PopSolver(solver, pop).solve(p, Objective.TOTAL_FLOW);
            Allocation merged = popShort.allocation().orElseThrow();
            assertThat(popShort.value()).as("POP-%d", k).isCloseTo(popPlain.value(), within(1e-9 * popPlain.value()));
            assertThat(merged.meanPathHops()).as("POP-%d", k).isLessThan(popPlain.allocation().orElseThrow().meanPathHops());
            assertThat(new AllocationChecker().violations(merged, 1.0)).as("POP-%d", k).isEmpty();
        }
    }

    /** @return Σ flow · path length in {@code metric} */
    private static double length(Allocation a, PathMetric metric) {
        TeProblem p = a.problem();
        double sum = 0;
        for (int k = 0; k < p.commodities().size(); k++) {
            int path = p.paths().firstPath(p.commodities().pairIndex(k));
            for (int j = a.firstColumn(k); j < a.firstColumn(k + 1); j++, path++) {
                for (int i = 0; i < p.paths().pathLength(path); i++) {
                    sum += a.pathFlowMbps(j) * metric.length(p.topology(), p.paths().arc(path, i));
                }
            }
        }
        return sum;
    }
}
