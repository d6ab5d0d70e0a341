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
        TeProblem p = directArcOrTwoHops();
        assertThat(p.paths().pathLength(p.paths().firstPath(p.commodities().pairIndex(0)))).isEqualTo(1);

        ShorterPaths.Outcome o = ShorterPaths.shorten(new Allocation(p, new double[] {0, 15}), Objective.TOTAL_FLOW);

        assertThat(o.allocation().pathFlowsMbps()).containsExactly(10, 5);
        assertThat(new AllocationChecker().violations(o.allocation(), 1.0)).isEmpty();
        assertThat(o.movedMbps()).isEqualTo(10);
        assertThat(o.hopsBefore()).isEqualTo(2);
        assertThat(o.hopsAfter()).isCloseTo(20.0 / 15, within(1e-12));
        assertThat(o.allocation().meanPathHops()).isEqualTo(o.hopsAfter());
        assertThat(o.sweeps()).as("the second sweep moves nothing and ends the pass").isEqualTo(2);
    }

    /** The pass's wall-clock time, which the optimizer adds to its solve time, is its own: positive and within the call's. */
    @Test
    void reportsTheTimeThePassTook() {
        TeProblem p = directArcOrTwoHops();
        Allocation a = new Allocation(p, new double[] {0, 15});

        long start = System.nanoTime();
        ShorterPaths.Outcome o = ShorterPaths.shorten(a, Objective.TOTAL_FLOW);
        double call = (System.nanoTime() - start) / 1e9;

        assertThat(o.seconds()).isPositive().isLessThanOrEqualTo(call);
    }

    /**
     * Min-MLU may load every arc up to the allocation's peak utilisation, above capacity where the
     * peak is: here the two-hop path's arcs at 2, so the direct arc takes 20 of its 10 Mbps.
     */
    @Test
    void minMluMovesFlowUpToItsPeakUtilisationAboveCapacity() {
        Topology t = TestTopologies.graph(3, "0>2@10", "0>1@10", "1>2@10");
        TeProblem p = hops(t, 2, "0>2=30");
        Allocation a = new Allocation(p, new double[] {10, 20});

        ShorterPaths.Outcome o = ShorterPaths.shorten(a, Objective.MIN_MLU);

        assertThat(o.allocation().pathFlowsMbps()).containsExactly(20, 10);
        assertThat(o.allocation().maxUtilisation()).isEqualTo(2);
        assertThat(new AllocationChecker().violations(o.allocation(), 2.0)).isEmpty();
        assertThat(ShorterPaths.shorten(a, Objective.TOTAL_FLOW).allocation()).as("the other objectives stop at capacity").isSameAs(a);
    }

    /** An allocation without flow has no peak to measure room against: it comes back as it is, without a sweep. */
    @Test
    void anAllocationWithoutFlowIsLeftAsItIs() {
        TeProblem p = directArcOrTwoHops();
        Allocation a = new Allocation(p, new double[] {0, 0});

        ShorterPaths.Outcome o = ShorterPaths.shorten(a, Objective.TOTAL_FLOW);

        assertThat(o.allocation()).isSameAs(a);
        assertThat(o.movedMbps()).isZero();
        assertThat(o.sweeps()).isZero();
    }

    /**
     * An input the checker already rejects (15 Mbps over the failed arc 1→2) fails the check after
     * any move too, so the pass hands it back as it is rather than a routing it cannot vouch for.
     */
    @Test
    void anAllocationTheCheckerRejectsComesBackAsItIs() {
        TeProblem p = TeInstances.withClosedArcs(directArcOrTwoHops(), 2);
        assertThat(p.topology().arcIndex(1, 2)).isEqualTo(2);
        Allocation a = new Allocation(p, new double[] {0, 15});
        assertThat(new AllocationChecker().violations(a, 1.0)).isNotEmpty();

        ShorterPaths.Outcome o = ShorterPaths.shorten(a, Objective.TOTAL_FLOW);

        assertThat(o.allocation()).isSameAs(a);
        assertThat(o.movedMbps()).isZero();
        assertThat(o.hopsAfter()).isEqualTo(o.hopsBefore());
    }

    /**
     * Paths 0→4 (1 hop), 0→1→4 (2) and 0→2→3→4 (3), with arc 0→1 full of commodity 0→1: the move
     * from the longest onto the shortest is limited by the shortest path's own arcs only, not by
     * the full path ranked next to it.
     */
    @Test
    void aMoveIsLimitedByTheShorterPathsOwnArcsOnly() {
        Topology t = TestTopologies.graph(5, "0>4@10", "0>1@10", "1>4@10", "0>2@100", "2>3@100", "3>4@100");
        TeProblem p = hops(t, 3, "0>1=10", "0>4=20");
        assertThat(p.firstColumns()).containsExactly(0, 1, 4);

        ShorterPaths.Outcome o = ShorterPaths.shorten(new Allocation(p, new double[] {10, 0, 0, 20}), Objective.TOTAL_FLOW);

        assertThat(o.allocation().pathFlowsMbps()).containsExactly(10, 10, 0, 10);
        assertThat(new AllocationChecker().violations(o.allocation(), 1.0)).isEmpty();
    }

    /** Nothing moves onto a shorter path beyond the allocation's own peak utilisation, here 15/1000. */
    @Test
    void neverRaisesThePeakUtilisation() {
        Topology t = TestTopologies.graph(3, "0>2@10", "0>1", "1>2");
        TeProblem p = hops(t, 2, "0>2=15");

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
        TeProblem p = hops(t, 2, "0>2=1500", "3>4=0.0010009");
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
        TeProblem p = hops(t, 2, "0>2=15", "2>0=15");
        Allocation a = new Allocation(p, new double[] {0, 15, 0, 15});

        ShorterPaths.Outcome o = ShorterPaths.shorten(a, Objective.TOTAL_FLOW, new boolean[] {true, false});

        assertThat(o.allocation().pathFlowsMbps()).containsExactly(0, 15, 15, 0);
        assertThat(new AllocationChecker().violations(o.allocation(), 1.0)).isEmpty();
    }

    @Test
    void pathsOfEqualLengthAreNotTraded() {
        Topology t = TestTopologies.graph(4, "0>1", "1>3", "0>2", "2>3");
        TeProblem p = hops(t, 2, "0>3=10");
        Allocation a = new Allocation(p, new double[] {0, 10});

        ShorterPaths.Outcome o = ShorterPaths.shorten(a, Objective.TOTAL_FLOW);

        assertThat(o.allocation()).isSameAs(a);
        assertThat(o.movedMbps()).isZero();
    }

    /**
     * Flow off its shortest path (0→3, full) is not traded between the two 2-hop paths beside it:
     * neither is shorter than the other.
     */
    @Test
    void pathsOfEqualLengthAreNotTradedBesideAFullShorterOne() {
        Topology t = TestTopologies.graph(4, "0>3@10", "0>1", "1>3", "0>2", "2>3");
        TeProblem p = hops(t, 3, "0>3=20");
        Allocation a = new Allocation(p, new double[] {10, 0, 10});

        ShorterPaths.Outcome o = ShorterPaths.shorten(a, Objective.TOTAL_FLOW);

        assertThat(o.allocation()).isSameAs(a);
        assertThat(o.movedMbps()).isZero();
    }

    /**
     * Each commodity's short arc is full of the next one's long path, so each sweep frees room for
     * one commodity only, the one visited before: of 10 such commodities 8 move, one per sweep, and
     * the pass stops at {@value ShorterPaths#MAX_SWEEPS} sweeps with two still on their long paths.
     */
    @Test
    void sweepsRepeatAsMovesFreeRoomUpToTheirLimit() {
        ShorterPaths.Outcome o = ShorterPaths.shorten(blockedChain(10, 0), Objective.TOTAL_FLOW);

        assertThat(o.sweeps()).isEqualTo(ShorterPaths.MAX_SWEEPS);
        assertThat(o.movedMbps()).isEqualTo(10.0 * ShorterPaths.MAX_SWEEPS);
        double[] flow = o.allocation().pathFlowsMbps();
        for (int k = 0; k < 10; k++) {
            boolean moved = k >= 10 - ShorterPaths.MAX_SWEEPS;
            assertThat(flow[2 * k]).as("commodity %d's short path", k).isEqualTo(moved ? 10 : 0);
        }
        assertThat(new AllocationChecker().violations(o.allocation(), 1.0)).isEmpty();
    }

    /**
     * Beside a 10⁶ Mbps commodity with one path, the chain's first sweep moves 10 Mbps, less than
     * {@value ShorterPaths#SETTLED} of the total flow: the pass ends there.
     */
    @Test
    void aSweepMovingLessThanTheSettledShareOfTheFlowEndsThePass() {
        ShorterPaths.Outcome o = ShorterPaths.shorten(blockedChain(3, 1e6), Objective.TOTAL_FLOW);

        assertThat(o.sweeps()).isEqualTo(1);
        assertThat(o.movedMbps()).isEqualTo(10);
        assertThat(new AllocationChecker().violations(o.allocation(), 1.0)).isEmpty();
    }

    /**
     * Commodities s_i→t_i (i = 1..n, 10 Mbps each) with a short arc s_i→t_i of 10 Mbps and a long
     * path s_i→s_(i-1)→t_(i-1)→t_i over the previous commodity's short arc, all flow on the long
     * paths: commodity n's short arc is free, each other's full of the next one's flow.
     *
     * @param bystanderMbps demand of a commodity with a single path beside the chain, routed in full (0: none)
     */
    private static Allocation blockedChain(int n, double bystanderMbps) {
        int s0 = 0;
        int t0 = n + 1;
        List<String> arcs = new java.util.ArrayList<>();
        List<String> demands = new java.util.ArrayList<>();
        for (int i = 0; i <= n; i++) {
            arcs.add("%d>%d@10".formatted(s0 + i, t0 + i));
            if (i > 0) {
                arcs.add("%d>%d@100".formatted(s0 + i, s0 + i - 1));
                arcs.add("%d>%d@100".formatted(t0 + i - 1, t0 + i));
                demands.add("%d>%d=10".formatted(s0 + i, t0 + i));
            }
        }
        int nodes = 2 * n + 2;
        if (bystanderMbps > 0) {
            arcs.add("%d>%d@%s".formatted(nodes, nodes + 1, bystanderMbps));
            demands.add("%d>%d=%s".formatted(nodes, nodes + 1, bystanderMbps));
            nodes += 2;
        }
        Topology t = TestTopologies.graph(nodes, arcs.toArray(String[]::new));
        TeProblem p = hops(t, 2, demands.toArray(String[]::new));
        double[] flow = new double[p.pathVariables()];
        for (int k = 0; k < n; k++) {
            assertThat(p.firstColumns()[k]).isEqualTo(2 * k);
            flow[2 * k + 1] = 10;
        }
        if (bystanderMbps > 0) {
            flow[2 * n] = bystanderMbps;
        }
        Allocation a = new Allocation(p, flow);
        assertThat(new AllocationChecker().violations(a, 1.0)).isEmpty();
        return a;
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

    /** @return {@code demands} ("s>d=Mbps") on {@code t} over its {@code k} edge-disjoint shortest paths by hop count */
    private static TeProblem hops(Topology t, int k, String... demands) {
        return TeInstances.problem(t, new PathSpec(k, PathMethod.EDGE_DISJOINT, PathMetric.HOPS), TeInstances.matrix(t.nodes().size(), demands));
    }

    /** @return 0→2 (15 Mbps) over a direct arc of 10 Mbps or two hops over arcs of 15 */
    private static TeProblem directArcOrTwoHops() {
        return hops(TestTopologies.graph(3, "0>2@10", "0>1@15", "1>2@15"), 2, "0>2=15");
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
