package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import te.topology.Topology;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

/**
 * Leaving light commodities out of total flow: the dual bound is sound and tight, commodities the
 * duals underprice join, and the certified result is within the gap of the every-commodity optimum.
 */
class CommodityGenerationTest {
    private static final SolverOptions OPTIONS = new SolverOptions(120, 1, false);

    @Test
    void theLpsOwnDualsBoundItsOptimumTightlyAndAnyPricesBoundItFromAbove() {
        Random random = new Random(7);
        for (long seed = 1; seed <= 4; seed++) {
            Topology t = TeInstances.mixedCapacities(9 + 2 * (int) seed, seed);
            PathSpec spec = new PathSpec(3, seed % 2 == 0 ? PathMethod.YEN : PathMethod.EDGE_DISJOINT, PathMetric.HOPS);
            for (String model : List.of("gravity", "poisson-high-intra")) {
                TeProblem p = TeInstances.problem(t, spec, new TrafficSpec(model, seed, 4 * seed).generate(t));
                for (String backend : List.of("highs", "highs-warm")) {
                    String what = "seed %d %s %s".formatted(seed, model, backend);
                    TeSolver solver = Solvers.byName(backend);
                    assertThat(solver.reportsDuals()).isTrue();
                    PathLp lp = Formulations.totalFlow(p, 0);
                    SolveResult r = lp.startingBasis().map(b -> solver.solve(lp.model(), b, OPTIONS)).orElseGet(() -> solver.solve(lp.model(), OPTIONS));
                    assertThat(r.hasDuals(lp.model().rows())).as(what).isTrue();
                    double optimum = Allocation.extract(p, lp.pathFlowsMbps(r.x())).totalFlowMbps();
                    double bound = CommodityGeneration.upperBound(p, lp.arcPrices(r.rowDual()));
                    // Strong duality through the reductions (dropped rows price 0, groups share a row).
                    assertThat(bound).as(what).isCloseTo(optimum, within(1e-6 * Math.max(1, optimum)));

                    double[] anyPrices = new double[t.arcCount()];
                    for (int a = 0; a < anyPrices.length; a++) {
                        anyPrices[a] = random.nextDouble() < 0.5 ? 0 : random.nextDouble() * 0.7;
                    }
                    assertThat(CommodityGeneration.upperBound(p, anyPrices)).as(what).isGreaterThanOrEqualTo(optimum - 1e-6);
                }
            }
        }
    }

    /** Cogentco poisson-high-intra: 19,499 commodities, half of them carrying 10⁻⁷ of the demand. */
    @Test
    void certifiedTotalFlowIsWithinItsGapOfTheEveryCommodityOptimum() {
        TeProblem p = poisson("Cogentco");
        TeSolver solver = Solvers.byName("highs-warm");
        TeResult exact = new TeOptimizer(solver, OPTIONS).withGap(0).solve(p, Objective.TOTAL_FLOW);
        assertThat(exact.optimal()).as(exact.message()).isTrue();

        for (double gap : new double[] {TeOptimizer.DEFAULT_GAP, 1e-4}) {
            boolean[] leftOut = CommodityGeneration.startingLeftOut(p, gap);
            assertThat(leftOut).as("gap %s leaves commodities out", gap).isNotNull();
            assertThat(leftOutDemandMbps(p, leftOut)).as("gap %s: what is left out carries at most that share of the demand", gap)
                    .isLessThanOrEqualTo(gap * p.commodities().totalDemandMbps());
            TeResult certified = new TeOptimizer(solver, OPTIONS).withGap(gap).solve(p, Objective.TOTAL_FLOW);
            assertThat(certified.optimal()).as(certified.message()).isTrue();
            assertThat(certified.rows()).as("gap %s: certified without the LP of every commodity", gap).isLessThan(exact.rows());
            assertThat(certified.allocation().orElseThrow().problem()).isSameAs(p);
            assertThat(new AllocationChecker().violations(certified.allocation().orElseThrow(), 1.0)).isEmpty();
            assertThat(certified.value()).as("gap %s", gap)
                    .isLessThanOrEqualTo(exact.value() * (1 + 1e-9))
                    .isGreaterThanOrEqualTo(exact.value() * (1 - gap));
        }
    }

    /**
     * Cogentco gravity: the lightest commodities that fit in twice the lightest one's share of the
     * demand are one or two of 38,000, fewer than {@value CommodityGeneration#MIN_LEFT_OUT_COUNT_SHARE}
     * of them, so the LP keeps every commodity.
     */
    @Test
    void tooFewLightCommoditiesToShrinkTheLpLeaveNoneOut() {
        Topology t = te.zoo.TopologyCatalog.discover().load("Cogentco");
        TeProblem p = TeInstances.problem(t, PathSpec.defaults(), new TrafficSpec("gravity", 1, 16).generate(t));
        Commodities c = p.commodities();
        assertThat(p.pathVariables()).isGreaterThanOrEqualTo(CapacityRowGeneration.LAZY_MIN_PATH_VARIABLES);
        double share = 2 * c.demandMbps(c.byDescendingDemand()[c.size() - 1]) / c.totalDemandMbps();

        assertThat(CommodityGeneration.startingLeftOut(p, share)).isNull();
    }

    /**
     * Triangle 0, 1, 2 with both directions (0→1 1 Mbps, 1→2 3 Mbps, the others 10), commodities
     * 0→1 (4 Mbps), 0→2 (4) and 1→2 (6), each with its direct arc first and a 2-hop path second.
     */
    private static TeProblem triangle() {
        Topology t = te.topology.TestTopologies.graph(3, "0>1@1", "0>2@10", "1>0@10", "1>2@3", "2>0@10", "2>1@10");
        return TeInstances.problem(t, new PathSpec(2, PathMethod.EDGE_DISJOINT, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=4", "0>2=4", "1>2=6"));
    }

    /** @return per arc of {@link #triangle} the price {@code others}, but {@code onArc} on arc 0→2 */
    private static double[] pricedOn02(TeProblem p, double onArc, double others) {
        double[] price = new double[p.topology().arcCount()];
        java.util.Arrays.fill(price, others);
        price[p.topology().arcIndex(0, 2)] = onArc;
        return price;
    }

    @Test
    void theTailGoesOnItsCheapestPathTheFirstAmongEqualOnes() {
        TeProblem p = triangle();
        boolean[] all = {true, true, true};
        assertThat(CommodityGeneration.onCheapestPaths(p, all, 0.5, null)).containsExactly(2, 0, 2, 0, 3, 0);
        assertThat(CommodityGeneration.onCheapestPaths(p, all, 0.5, new double[6])).as("every path free").containsExactly(2, 0, 2, 0, 3, 0);
        // Arc 0→2 at 5, the others at 1: 0→2's own arc costs 5, its path over 1 costs 2.
        assertThat(CommodityGeneration.onCheapestPaths(p, all, 0.5, pricedOn02(p, 5, 1))).containsExactly(2, 0, 0, 2, 3, 0);
        assertThat(CommodityGeneration.onCheapestPaths(p, new boolean[] {true, false, true}, 1.0, pricedOn02(p, 5, 1)))
                .as("only the chosen").containsExactly(4, 0, 0, 0, 6, 0);
    }

    /**
     * 0→2 pinned on its path over 1: at 0→2 priced 1, 2→1 free and the other arcs 5, that path
     * (10) and 0→1's direct arc (5) are dearer than 0→2 and 0→2→1 (1 each), so both rejoin; 1→2 stays
     * on its direct arc, its cheapest at 5.
     */
    @Test
    void onlyCommoditiesPinnedOffTheirCheapestPathRejoin() {
        TeProblem p = triangle();
        boolean[] pinned = {true, true, true};
        double[] pinnedFlow = {2, 0, 0, 2, 3, 0}; // half of each demand, 0→2's on its path over 1
        double[] price = pricedOn02(p, 1, 5);
        price[p.topology().arcIndex(2, 1)] = 0;

        assertThat(CommodityGeneration.unpinOffCheapest(p, pinned, pinnedFlow, price)).isEqualTo(2);
        assertThat(pinned).containsExactly(false, false, true);
    }

    /** The pinned flows overload 0→1 (2 of 1 Mbps) and fill 1→2 exactly (3 of 3): only 0→1's commodity rejoins. */
    @Test
    void onlyCommoditiesPinnedOverAnOverloadedArcRejoin() {
        TeProblem p = triangle();
        boolean[] pinned = {true, true, true};
        double[] pinnedFlow = {2, 0, 2, 0, 3, 0}; // half of each demand on its direct arc
        double[] left = CommodityGeneration.capacityLeft(p, pinnedFlow);
        assertThat(left[p.topology().arcIndex(0, 1)]).isEqualTo(-1);
        assertThat(left[p.topology().arcIndex(1, 2)]).isZero();

        assertThat(CommodityGeneration.unpinOverloading(p, pinned, pinnedFlow, left)).isEqualTo(1);
        assertThat(pinned).containsExactly(false, true, true);
    }

    /** At 0→2 priced 0.5, the others 1, only 0→2 has a path below 1; 0→1's and 1→2's cheapest cost exactly 1. */
    @Test
    void onlyLeftOutCommoditiesWithAPathBelowOneJoin() {
        TeProblem p = triangle();
        boolean[] leftOut = {true, true, true};

        assertThat(CommodityGeneration.admitUnderpriced(p, leftOut, pricedOn02(p, 0.5, 1))).isEqualTo(1);
        assertThat(leftOut).containsExactly(true, false, true);
    }

    /**
     * Prices 1 on 1→2 and 1→0, the two arcs out of node 1, bound 1→2's 6 Mbps over their 13 Mbps:
     * min-MLU's utilisation is at least 6/13; prices that value nothing bound nothing (z ≥ 0, α ≤ 1).
     */
    @Test
    void boundsAtPricesThatValueACutAndAtNone() {
        TeProblem p = triangle();
        double[] cut = new double[6];
        cut[p.topology().arcIndex(1, 2)] = 1;
        cut[p.topology().arcIndex(1, 0)] = 1;
        assertThat(CommodityGeneration.minMluLowerBound(p, cut)).isCloseTo(6.0 / 13, within(1e-15));
        assertThat(CommodityGeneration.minMluLowerBound(p, new double[6])).isZero();
        assertThat(CommodityGeneration.concurrentUpperBound(p, new double[6])).isEqualTo(1);
        assertThat(CommodityGeneration.certifies(0, 0, TeOptimizer.DEFAULT_GAP)).as("no flow, bound 0").isTrue();
        assertThat(CommodityGeneration.certifies(1 + 2e-7, 1, TeOptimizer.DEFAULT_GAP)).isFalse();
    }

    @Test
    void leftOutCommoditiesWithAPathCheaperThanOneJoin() {
        TeProblem p = poisson("Cogentco");
        boolean[] leftOut = CommodityGeneration.startingLeftOut(p, 1e-4);
        int[] kept = CommodityGeneration.kept(leftOut);
        TeProblem part = CommodityGeneration.restrict(p, kept);
        assertThat(part.commodities().size()).isEqualTo(kept.length).isLessThan(p.commodities().size() / 2);

        PathLp lp = Formulations.totalFlow(part, 0).withoutStartingBasis();
        SolveResult r = Solvers.byName("highs").solve(lp.model(), OPTIONS);
        double[] price = lp.arcPrices(r.rowDual());
        double[] flows = CommodityGeneration.expand(p, kept, Allocation.extract(part, lp.pathFlowsMbps(r.x())));
        double flow = new Allocation(p, flows).totalFlowMbps();
        double bound = CommodityGeneration.upperBound(p, price);
        assertThat(CommodityGeneration.certifies(bound, flow, 1e-7)).as("bound %s, flow %s", bound, flow).isFalse();

        boolean[] before = leftOut.clone();
        int joined = CommodityGeneration.admitUnderpriced(p, leftOut, price);
        assertThat(joined).isPositive();
        int changed = 0;
        for (int k = 0; k < before.length; k++) {
            assertThat(leftOut[k] && !before[k]).as("a kept commodity is never left out").isFalse();
            changed += before[k] && !leftOut[k] ? 1 : 0;
        }
        assertThat(changed).isEqualTo(joined);
        assertThat(CommodityGeneration.admitUnderpriced(p, leftOut, price)).as("a second pass at the same prices admits nothing").isZero();
    }

    @Test
    void concurrentFlowDualsBoundAlphaTightlyAndAnyPricesBoundItFromAbove() {
        Random random = new Random(11);
        for (long seed = 1; seed <= 4; seed++) {
            Topology t = TeInstances.mixedCapacities(9 + 2 * (int) seed, seed);
            PathSpec spec = new PathSpec(3, seed % 2 == 0 ? PathMethod.YEN : PathMethod.EDGE_DISJOINT, PathMetric.HOPS);
            TeProblem p = TeInstances.problem(t, spec, new TrafficSpec("poisson-high-intra", seed, 8 * seed).generate(t));
            PathLp lp = Formulations.concurrentFlow(p).withoutStartingBasis();
            SolveResult r = Solvers.byName("highs").solve(lp.model(), OPTIONS);
            double alpha = Allocation.extract(p, lp.pathFlowsMbps(r.x())).minDemandShare();
            String what = "seed %d, alpha %s".formatted(seed, alpha);
            assertThat(alpha).as(what).isLessThan(1.0);
            assertThat(CommodityGeneration.concurrentUpperBound(p, lp.arcPrices(r.rowDual()))).as(what).isCloseTo(alpha, within(1e-6));
            double[] anyPrices = new double[t.arcCount()];
            for (int a = 0; a < anyPrices.length; a++) {
                anyPrices[a] = random.nextDouble() < 0.3 ? 0 : random.nextDouble();
            }
            assertThat(CommodityGeneration.concurrentUpperBound(p, anyPrices)).as(what).isGreaterThanOrEqualTo(alpha - 1e-9);
        }
    }

    /**
     * The tail routed outside the LP at a share that drops to the dual bound, moved back into the LP
     * where its path is not the cheapest: Cogentco certifies in two rounds, GtsCe in three.
     */
    @Test
    void concurrentFlowWithItsTailOutsideTheLpIsWithinTheGapOfTheOptimum() {
        TeSolver solver = Solvers.byName("highs-warm");
        for (String name : List.of("Cogentco", "GtsCe")) {
            TeProblem p = poisson(name);
            TeResult exact = new TeOptimizer(solver, OPTIONS).withGap(0).solve(p, Objective.CONCURRENT_FLOW);
            assertThat(exact.optimal()).as(exact.message()).isTrue();
            boolean[] tail = CommodityGeneration.startingLeftOut(p, CommodityGeneration.CONCURRENT_TAIL_SHARE);
            assertThat(tail).as(name).isNotNull();
            TeResult certified = new TeOptimizer(solver, OPTIONS).pinnedConcurrentFlow(p, tail, new RoundBudget(OPTIONS)).orElseThrow();
            assertThat(certified.optimal()).as(certified.message()).isTrue();
            assertThat(certified.rows()).as("%s: the certified LP leaves the tail out", name).isLessThan(exact.rows());
            Allocation allocation = certified.allocation().orElseThrow();
            assertThat(new AllocationChecker().violations(allocation, 1.0)).isEmpty();
            assertThat(certified.value()).as(name).isEqualTo(allocation.minDemandShare())
                    .isLessThanOrEqualTo(exact.value() + 1e-9)
                    .isGreaterThanOrEqualTo(exact.value() * (1 - TeOptimizer.DEFAULT_GAP) - 1e-12);
        }
    }

    /**
     * An arc thinner than the tail's load on it (here half of it): the tail commodities crossing it
     * join the LP instead of the whole problem falling back to the every-commodity LP.
     */
    @Test
    void tailCommoditiesOverloadingAThinArcJoinTheLp() {
        TeProblem base = poisson("GtsCe");
        boolean[] tail = CommodityGeneration.startingLeftOut(base, CommodityGeneration.CONCURRENT_TAIL_SHARE);
        double[] tailLoad = new Allocation(base, CommodityGeneration.onCheapestPaths(base, tail, 1.0, null)).arcLoadMbps();
        int thin = -1;
        for (int a = 0; a < tailLoad.length; a++) {
            if (thin < 0 || tailLoad[a] > tailLoad[thin]) {
                thin = a;
            }
        }
        assertThat(tailLoad[thin]).isPositive();
        double[] capacity = base.capacityMbps().clone();
        capacity[thin] = tailLoad[thin] / 2;
        TeProblem p = new TeProblem(base.topology(), base.paths(), base.commodities(), capacity);
        int tailSize = 0;
        for (boolean b : tail) {
            tailSize += b ? 1 : 0;
        }

        TeSolver solver = Solvers.byName("highs-warm");
        TeResult exact = new TeOptimizer(solver, OPTIONS).withGap(0).solve(p, Objective.CONCURRENT_FLOW);
        assertThat(exact.optimal()).as(exact.message()).isTrue();
        TeResult certified = new TeOptimizer(solver, OPTIONS).pinnedConcurrentFlow(p, tail, new RoundBudget(OPTIONS)).orElseThrow();
        assertThat(certified.optimal()).as(certified.message()).isTrue();
        assertThat(new AllocationChecker().violations(certified.allocation().orElseThrow(), 1.0)).isEmpty();
        assertThat(certified.value()).isLessThanOrEqualTo(exact.value() + 1e-9)
                .isGreaterThanOrEqualTo(exact.value() * (1 - TeOptimizer.DEFAULT_GAP) - 1e-12);
        int stillPinned = 0;
        for (boolean b : tail) {
            stillPinned += b ? 1 : 0;
        }
        assertThat(stillPinned).as("tail commodities over the thin arc joined the LP").isLessThan(tailSize);
    }

    /**
     * One time limit spans every round: a backend that honours the limit it is given and needs 0.7 s
     * more per LP cannot finish concurrent flow's two rounds (Cogentco) within 1.2 s, whereas a limit
     * restarted per round would let each round finish and certify.
     */
    @Test
    void theTimeLimitSpansEveryConcurrentFlowRound() {
        TeProblem p = poisson("Cogentco");
        SolverOptions limited = new SolverOptions(1.2, 1, false);
        ScriptedTimeLimit slow = ScriptedTimeLimit.never(Solvers.byName("highs-warm")).slowedBy(0.7);
        boolean[] tail = CommodityGeneration.startingLeftOut(p, CommodityGeneration.CONCURRENT_TAIL_SHARE);
        // Every row at once, so that each round is one LP and only the rounds share the limit.
        TeResult r = new TeOptimizer(slow, limited, CapacityRows.ALL).pinnedConcurrentFlow(p, tail, new RoundBudget(limited)).orElseThrow();
        assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.TIME_LIMIT);
        assertThat(r.solveSeconds()).as("the rounds' solver time is reported").isGreaterThanOrEqualTo(slow.seconds() - 1e-9);
    }

    /**
     * A solve whose time runs out after an uncertified round serves that round's allocation: feasible,
     * at most the optimum, under the time limit's status, its message naming the round and the share
     * of the optimum its duals certify. Total flow leaving out the lightest 5 % of the demand at a gap
     * of 10⁻⁹, and concurrent flow, both take more than one round on Cogentco poisson-high-intra.
     */
    @Test
    void theTimeLimitServesTheBestUncertifiedRoundsAllocation() {
        TeProblem p = poisson("Cogentco");
        TeSolver highs = Solvers.byName("highs-warm");
        for (Objective objective : List.of(Objective.TOTAL_FLOW, Objective.CONCURRENT_FLOW)) {
            TeResult exact = new TeOptimizer(highs, OPTIONS).withGap(0).solve(p, objective);
            assertThat(exact.optimal()).as(exact.message()).isTrue();
            ScriptedTimeLimit cut = ScriptedTimeLimit.from(highs, 2);
            TeOptimizer optimizer = new TeOptimizer(cut, OPTIONS, CapacityRows.ALL).withGap(1e-9);
            TeResult r = objective == Objective.TOTAL_FLOW
                    ? optimizer.generatedTotalFlow(p, false, CommodityGeneration.startingLeftOut(p, 0.05), new RoundBudget(OPTIONS)).orElseThrow()
                    : optimizer.pinnedConcurrentFlow(p, CommodityGeneration.startingLeftOut(p, CommodityGeneration.CONCURRENT_TAIL_SHARE),
                            new RoundBudget(OPTIONS)).orElseThrow();
            String what = objective + ": " + r.message();
            assertThat(cut.calls()).as(what).isEqualTo(2);
            assertThat(r.status()).as(what).isEqualTo(SolveStatus.TIME_LIMIT);
            assertThat(r.ok()).as(what).isTrue();
            assertThat(r.optimal()).as(what).isFalse();
            assertThat(new AllocationChecker().violations(r.allocation().orElseThrow(), 1.0)).as(what).isEmpty();
            assertThat(r.value()).as(what).isPositive().isLessThanOrEqualTo(exact.value() * (1 + 1e-9));
            assertThat(r.value()).as(what).isCloseTo(r.allocation().orElseThrow().objectiveValue(objective), within(1e-12));
            assertThat(r.message()).as(what).contains("round 1's feasible allocation").contains("% of the optimum");
        }
    }

    /**
     * Fair whose second stage runs out of time serves the first stage's concurrent-flow allocation
     * under TIME_LIMIT (before: nothing), its value recomputed as fair's.
     */
    @Test
    void fairServesItsFirstStageWhenTheSecondRunsOutOfTime() {
        TeProblem p = poisson("Cogentco");
        TeSolver highs = Solvers.byName("highs-warm");
        TeResult alpha = new TeOptimizer(highs, OPTIONS, CapacityRows.ALL).solve(p, Objective.CONCURRENT_FLOW);
        assertThat(alpha.optimal()).as(alpha.message()).isTrue();
        ScriptedTimeLimit cut = ScriptedTimeLimit.from(highs, 2);
        TeResult r = new TeOptimizer(cut, OPTIONS, CapacityRows.ALL).solve(p, Objective.FAIR);
        assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.TIME_LIMIT);
        assertThat(r.message()).contains("second stage").contains("first stage's concurrent-flow allocation");
        Allocation a = r.allocation().orElseThrow();
        assertThat(new AllocationChecker().violations(a, 1.0)).isEmpty();
        assertThat(a.minDemandShare()).isCloseTo(alpha.value(), within(1e-9));
        assertThat(r.value()).isEqualTo(a.objectiveValue(Objective.FAIR));
    }

    /**
     * A backend that claims duals but returns none: total flow cannot certify the rounds, solves with
     * every commodity, reaches the every-commodity optimum and reports the rounds' time with its own.
     */
    @Test
    void uncertifiedRoundsFallBackToEveryCommodityAndKeepTheirTime() {
        TeProblem p = poisson("Cogentco");
        TeSolver highs = Solvers.byName("highs-warm");
        TeResult exact = new TeOptimizer(highs, OPTIONS).withGap(0).solve(p, Objective.TOTAL_FLOW);
        ScriptedTimeLimit dualless = ScriptedTimeLimit.never(highs).withoutDuals();
        // Without the shorter-paths pass, whose time counts as solve time too.
        TeResult r = new TeOptimizer(dualless, OPTIONS).withShorterPaths(false).solve(p, Objective.TOTAL_FLOW);
        assertThat(r.optimal()).as(r.message()).isTrue();
        assertThat(new AllocationChecker().violations(r.allocation().orElseThrow(), 1.0)).isEmpty();
        assertThat(dualless.calls()).as("a round, then the LP with every commodity").isGreaterThanOrEqualTo(2);
        assertThat(r.rows()).isEqualTo(exact.rows());
        assertThat(r.value()).isCloseTo(exact.value(), within(1e-7 * exact.value()));
        assertThat(r.solveSeconds()).isCloseTo(dualless.seconds(), within(1e-9));
    }

    private static double leftOutDemandMbps(TeProblem p, boolean[] leftOut) {
        double sum = 0;
        for (int k = 0; k < leftOut.length; k++) {
            sum += leftOut[k] ? p.commodities().demandMbps(k) : 0;
        }
        return sum;
    }

    /** @return the Zoo network with poisson-high-intra traffic (seed 1, scale 16) over default paths */
    private static TeProblem poisson(String network) {
        Topology t = te.zoo.TopologyCatalog.discover().load(network);
        return TeInstances.problem(t, PathSpec.defaults(), new TrafficSpec("poisson-high-intra", 1, 16).generate(t));
    }

    @Test
    void onlyExactDualsAreUsedAndTheGapIsChecked() {
        assertThat(Solvers.byName("highs").reportsDuals()).isTrue();
        assertThat(Solvers.byName("highs-warm").reportsDuals()).isTrue();
        assertThat(Solvers.byName("highs-pdlp").reportsDuals()).as("first-order duals are approximate").isFalse();
        assertThat(Solvers.byName("pdlp").reportsDuals()).isFalse();
        TeOptimizer optimizer = new TeOptimizer(Solvers.byName("highs"), OPTIONS);
        assertThatThrownBy(() -> optimizer.withGap(0.5)).hasMessageContaining("0.5").hasMessageContaining("[0, 0.01]");
        assertThatThrownBy(() -> optimizer.withGap(Double.NaN)).hasMessageContaining("NaN");
    }
}
