package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

class FormulationsTest {
    // 0->1 is thin (5), everything else 100: only 0->1 can ever bind for a 10 Mbps demand.
    private final Topology net = TestTopologies.undirected(3, "0-1@5", "1-2@100", "0-2@100");
    private final TeProblem problem = TeInstances.problem(net, new PathSpec(2, PathMethod.YEN, PathMetric.HOPS),
            TeInstances.matrix(3, "0>1=10"));

    @Test
    void aPathThroughNoBindingArcTakesTheWholeDemandWithoutAnLp() {
        PathLp total = Formulations.totalFlow(problem, 0);
        // Paths 0->1 and 0->2->1; only arc 0->1 (capacity 5 < demand 10) keeps a row, and the
        // detour crosses no kept row, so the commodity is routed there up front.
        assertThat(total.model().columns()).isZero();
        assertThat(total.presetFlowMbps()).containsExactly(0, 10);
        // Min-MLU keeps every used arc: z depends on all of them; nothing is preset.
        PathLp mlu = Formulations.minMaxUtilisation(problem);
        assertThat(mlu.model().rows()).isEqualTo(3 + 1);
        assertThat(mlu.presetFlowMbps()).containsOnly(0);
    }

    @Test
    void theFirstRoundOfASmallTotalFlowLpHasEveryRow() {
        // Below CapacityRowGeneration.LAZY_MIN_PATH_VARIABLES the AUTO policy starts with every row: the plain LP.
        Topology t = TeInstances.mixedCapacities(11, 2);
        TeProblem p = TeInstances.problem(t, new PathSpec(3, PathMethod.YEN, PathMetric.HOPS), new TrafficSpec("gravity", 2, 40).generate(t));
        PathLp first = Formulations.totalFlowFirstRound(p);
        assertThat(first.model()).usingRecursiveComparison().isEqualTo(Formulations.totalFlow(p, 0).model());
        assertThat(first.capacityRowOfArc()).containsExactly(Formulations.totalFlow(p, 0).capacityRowOfArc());
    }

    @Test
    void reductionsChangeNeitherOptimumNorFeasibility() {
        TeResult r = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false)).solve(problem, Objective.TOTAL_FLOW);
        assertThat(r.value()).isCloseTo(10.0, within(1e-6));
        assertThat(new AllocationChecker().violations(r.allocation().orElseThrow(), 1)).isEmpty();
        assertThat(r.allocation().orElseThrow().pathFlowMbps(0)).isLessThanOrEqualTo(5.0 + 1e-9);
    }

    @Test
    void aPathCrossingEveryBindingArcOfAnotherIsLeftOutAndASinglePathNeedsNoRow() {
        // 0>3 over 0-1-3 (binding: 0->1) and 0-1-2-3 (binding: 0->1, 1->2): the longer one can only do worse.
        Topology t = TestTopologies.undirected(4, "0-1@5", "1-3@100", "1-2@5", "2-3@100");
        TeProblem p = TeInstances.problem(t, new PathSpec(2, PathMethod.YEN, PathMetric.HOPS), TeInstances.matrix(4, "0>3=10"));
        assertThat(p.pathVariables()).isEqualTo(2);
        PathLp lp = Formulations.totalFlow(p, 0);
        assertThat(lp.pathColumns()).isEqualTo(1);
        assertThat(lp.pathVariablesOf(0)).containsExactly(0);
        assertThat(lp.model().columns()).isEqualTo(1);
        assertThat(lp.model().rows()).as("two capacity rows, no commodity row").isEqualTo(2);
        assertThat(lp.model().colUpper()[0]).isEqualTo(10.0);
        TeResult r = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false)).solve(p, Objective.TOTAL_FLOW);
        assertThat(r.value()).isCloseTo(5.0, within(1e-6));
        // Concurrent flow keeps the row (α lives there) but still drops the dominated path.
        PathLp concurrent = Formulations.concurrentFlow(p);
        assertThat(concurrent.model().columns()).isEqualTo(1 + 1);
        assertThat(concurrent.model().rows()).isEqualTo(2 + 1);
    }

    @Test
    void commoditiesWithTheSameSignaturesShareColumnsAndSplitInProportionToDemand() {
        // 0>2 (over 0->1->2) and 1>2 both cross only one binding arc, 1->2: one group, one column.
        Topology t = TestTopologies.graph(3, "0>1@100", "1>2@4", "1>0@100", "2>1@100");
        TeProblem p = TeInstances.problem(t, PathSpec.defaults(), TeInstances.matrix(3, "0>2=6", "1>2=2"));
        PathLp lp = Formulations.totalFlow(p, 0);
        assertThat(lp.pathColumns()).isEqualTo(1);
        assertThat(lp.pathVariablesOf(0)).containsExactly(0, 1);
        assertThat(lp.model().colUpper()[0]).isEqualTo(8.0);
        Allocation a = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false)).solve(p, Objective.TOTAL_FLOW)
                .allocation().orElseThrow();
        assertThat(a.commodityFlowMbps(0)).isCloseTo(3.0, within(1e-6));
        assertThat(a.commodityFlowMbps(1)).isCloseTo(1.0, within(1e-6));
    }

    @Test
    void fairFloorBecomesTheBoundOfASingleColumn() {
        Topology t = TestTopologies.undirected(2, "0-1@5");
        TeProblem p = TeInstances.problem(t, PathSpec.defaults(), TeInstances.matrix(2, "0>1=10"));
        LpModel m = Formulations.totalFlow(p, 0.25).model();
        assertThat(m.rows()).isEqualTo(1);
        assertThat(m.colLower()).containsExactly(2.5);
        assertThat(m.colUpper()).containsExactly(10.0);
    }

    /**
     * A total-flow start whose loads exceed capacity by more than {@link GreedyBasis#SIMPLEX_MAX_EXCESS}
     * per Mbps of demand is marked as one dual simplex does not pay from; concurrent flow's never is.
     */
    @Test
    void aStartFarAboveCapacityIsMarkedAsOneSimplexDoesNotPayFrom() {
        Topology t = TestTopologies.undirected(6, "0-1@5", "1-2@5", "2-3@5", "3-4@5", "4-5@5");
        // One commodity over five arcs of 5 Mbps: the excess is 5 × (d − 5) per d Mbps of demand.
        TeProblem near = TeInstances.problem(t, PathSpec.defaults(), TeInstances.matrix(6, "0>5=10"));
        TeProblem far = TeInstances.problem(t, PathSpec.defaults(), TeInstances.matrix(6, "0>5=100"));
        assertThat(GreedyBasis.excessPerDemand(new double[] {10, 10, 10}, new double[] {5, 5, 5}, 3, new double[] {10})).isEqualTo(1.5);
        assertThat(GreedyBasis.SIMPLEX_MAX_EXCESS).isBetween(2.5, 4.75);
        assertThat(Formulations.totalFlow(near, 0).startingBasis().orElseThrow().simplexPays()).isTrue();
        assertThat(Formulations.totalFlow(far, 0).startingBasis().orElseThrow().simplexPays()).isFalse();
        assertThat(Formulations.concurrentFlow(far).startingBasis().orElseThrow().simplexPays()).isTrue();
        for (TeProblem p : List.of(near, far)) {
            double ipm = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false)).solve(p, Objective.TOTAL_FLOW).value();
            TeResult warm = new TeOptimizer(Solvers.byName("highs-warm"), new SolverOptions(60, 1, false)).solve(p, Objective.TOTAL_FLOW);
            assertThat(new AllocationChecker().violations(warm.allocation().orElseThrow(), 1)).isEmpty();
            assertThat(warm.value()).isCloseTo(ipm, within(1e-6)).isCloseTo(5.0, within(1e-6));
        }
    }

    @Test
    void totalAndConcurrentFlowStartFromADualFeasibleBasisWithEveryCommodityInFull() {
        Topology t = TestTopologies.undirected(4, "0-1@5", "1-2@5", "2-3@5", "3-0@5", "0-2@5");
        TeProblem p = TeInstances.problem(t, PathSpec.defaults(),
                TeInstances.matrix(4, "0>1=4", "0>2=9", "1>3=6", "2>0=3", "3>1=8"));
        PathLp lp = Formulations.totalFlow(p, 0);
        StartingBasis basis = lp.startingBasis().orElseThrow();
        LpModel m = lp.model();
        int capRows = m.rows() - (int) Arrays.stream(basis.rows()).filter(s -> s == BasisStatus.UPPER).count();
        assertThat(Arrays.copyOf(basis.rows(), capRows)).containsOnly(BasisStatus.BASIC);
        // Each commodity row at its upper bound (demand) has exactly one basic column feeding it.
        for (int row = capRows; row < m.rows(); row++) {
            assertThat(basis.rows()[row]).isEqualTo(BasisStatus.UPPER);
            int basic = 0;
            for (int c = 0; c < m.columns(); c++) {
                for (int q = m.colStart()[c]; q < m.colStart()[c + 1]; q++) {
                    basic += m.rowIndex()[q] == row && basis.columns()[c] == BasisStatus.BASIC ? 1 : 0;
                }
            }
            assertThat(basic).isEqualTo(1);
        }
        // Concurrent flow starts the same way with α nonbasic at 1 and rows Σ f − α·d at 0.
        PathLp concurrent = Formulations.concurrentFlow(p);
        StartingBasis cb = concurrent.startingBasis().orElseThrow();
        assertThat(cb.columns()[concurrent.model().columns() - 1]).isEqualTo(BasisStatus.UPPER);
        assertThat(cb.rows()).containsOnly(BasisStatus.BASIC, BasisStatus.LOWER);
        assertThat(cb.rows()[cb.rows().length - 1]).isEqualTo(BasisStatus.LOWER);
        assertThat(Formulations.minMaxUtilisation(p).startingBasis()).isEmpty();
        double ipm = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false)).solve(p, Objective.TOTAL_FLOW).value();
        double warm = new TeOptimizer(Solvers.byName("highs-warm"), new SolverOptions(60, 1, false)).solve(p, Objective.TOTAL_FLOW).value();
        assertThat(warm).isCloseTo(ipm, within(1e-6));
        double ipmAlpha = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false)).solve(p, Objective.CONCURRENT_FLOW).value();
        double warmAlpha = new TeOptimizer(Solvers.byName("highs-warm"), new SolverOptions(60, 1, false)).solve(p, Objective.CONCURRENT_FLOW).value();
        assertThat(warmAlpha).isCloseTo(ipmAlpha, within(1e-6));
    }

    @Test
    void minMaxUtilisationCountsAFixedBackgroundLoad() {
        // 0>1 (10 Mbps) over 0>1 (5) and 0>2>1 (100 each): x/5 = (10 − x)/100 gives z = 2/21; with 50 Mbps
        // already on 0>2 (arc 1 in (src, dst) order), x/5 = (60 − x)/100 gives z = 12/21.
        TeSolver ipm = Solvers.byName("highs");
        double[] none = new double[net.arcCount()];
        PathLp alone = Formulations.minMaxUtilisation(problem, none);
        assertThat(alone.extraValue(ipm.solve(alone.model(), new SolverOptions(60, 1, false)).x())).isCloseTo(2.0 / 21, within(1e-7));
        double[] background = new double[net.arcCount()];
        background[1] = 50;
        PathLp beside = Formulations.minMaxUtilisation(problem, background);
        assertThat(beside.extraValue(ipm.solve(beside.model(), new SolverOptions(60, 1, false)).x())).isCloseTo(12.0 / 21, within(1e-7));
        assertThatThrownBy(() -> Formulations.minMaxUtilisation(problem, new double[2]))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("background load has 2 entries for 6 arcs");
    }

    @Test
    void minMaxUtilisationRoutesDemandsFarBelowSolverTolerance() {
        // Solvers meet rows to ~1e-7 absolute: on DialtelecomCz poisson-high-intra (demands down to
        // 4.8e-9 Mbps) interior point left 28 of them unrouted, which min-MLU's check rejected.
        Topology t = te.zoo.TopologyCatalog.discover().load("DialtelecomCz");
        TeProblem p = TeInstances.problem(t, PathSpec.defaults(), TrafficSpec.parse("poisson-high-intra:1,16").generate(t));
        TeResult r = new TeOptimizer(Solvers.byName("highs-warm"), new SolverOptions(120, 2, false)).solve(p, Objective.MIN_MLU);
        assertThat(r.optimal()).as(r.message()).isTrue();
        assertThat(r.allocation().orElseThrow().minDemandShare()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void fullDemandExtractionScalesEachCommodityToItsDemand() {
        // Paths 0>1 then 0>2>1 (variables 0, 1); commodity 1 (2>0) has paths 2>0 and 2>1>0 (2, 3).
        TeProblem p = TeInstances.problem(net, new PathSpec(2, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=10", "2>0=4"));
        Allocation a = Allocation.extractFullDemand(p, new double[] {3, 2, 0, -1e-12});
        assertThat(a.pathFlowsMbps()).containsExactly(6, 4, 4, 0);
        // Min-MLU may load arcs up to its own maximum utilisation, never beyond.
        assertThat(new AllocationChecker().violations(a, Math.max(1, a.maxUtilisation()))).isEmpty();
    }

    @Test
    void fullDemandExtractionPutsAnUnroutedCommodityOnItsFirstPathOverNoDrainedArc() {
        // 2>0's first path is the direct arc, drained here: the LP has no column for it, and a
        // demand below the solver's tolerance that comes back unrouted must not land on it
        // (the peak utilisation would be infinite, under status OPTIMAL).
        TeProblem base = TeInstances.problem(net, new PathSpec(2, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=10", "2>0=1e-9"));
        TeProblem p = TeInstances.withClosedArcs(base, net.arcIndex(2, 0));
        Allocation a = Allocation.extractFullDemand(p, new double[] {3, 2, 0, 0});
        assertThat(a.pathFlowsMbps()).containsExactly(6, 4, 0, 1e-9);
        assertThat(a.maxUtilisation()).isFinite();
        // With every path over a drained arc there is nothing better than the first.
        TeProblem cut = TeInstances.withClosedArcs(base, net.arcIndex(2, 0), net.arcIndex(1, 0));
        assertThat(Allocation.extractFullDemand(cut, new double[] {3, 2, 0, 0}).pathFlowsMbps()).containsExactly(6, 4, 1e-9, 0);
    }

    /** Every path of a commodity closed: min-MLU cannot route it, said the same way by every backend. */
    @Test
    void minMluWithACommodityWithoutAnOpenPathIsInfeasibleNamingIt() {
        TeProblem base = TeInstances.problem(net, new PathSpec(2, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=10", "2>0=5"));
        TeProblem cut = TeInstances.withClosedArcs(base, net.arcIndex(2, 0), net.arcIndex(1, 0));
        for (String backend : java.util.List.of("highs-warm", "highs-pdlp")) {
            TeResult r = new TeOptimizer(Solvers.byName(backend), new SolverOptions(60, 1, false)).solve(cut, Objective.MIN_MLU);
            assertThat(r.status()).as(backend).isEqualTo(SolveStatus.INFEASIBLE);
            assertThat(r.message()).as(backend).contains("but 1 commodities have no path over open arcs", "first n2->n0 (5.00000 Mbps)");
        }
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
