package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

/** Rows added on demand give the optimum of the LP with every row, however many rounds it takes. */
class CapacityRowGenerationTest {
    private static final SolverOptions OPTIONS = new SolverOptions(60, 1, false);
    private final TeSolver solver = Solvers.byName("highs-warm");

    /**
     * A (0>1, 10 Mbps) over 0>1 (5) or 0>2>1; B (2>1, 8 Mbps) over 2>1 (10) or 2>3>1 (2>3: 1); C
     * (2>3, 0.5 Mbps) over 2>3 or 2>4>3 (2>4: 0.1). The greedy start puts A on 0>2>1, B on 2>1 and C
     * on 2>3, so only 2>1 has a row in round 1. That round routes A up front on 0>1, B on 2>3>1 and
     * C on 2>3 (no rows there), overloading 0>1 and 2>3; round 2 moves C onto 2>4>3, overloading
     * 2>4; round 3 has all four rows: total flow 5 + 10 + 1 + 0.1 = 16.1, α = 16.1 / 18.5.
     */
    private final TeProblem threeRounds = TeInstances.problem(
            TestTopologies.graph(5, "0>1@5", "0>2@100", "2>1@10", "2>3@1", "3>1@100", "2>4@0.1", "4>3@100"),
            new PathSpec(2, PathMethod.YEN, PathMetric.HOPS), TeInstances.matrix(5, "0>1=10", "2>1=8", "2>3=0.5"));

    @Test
    void overloadsFoundRoundAfterRoundEndAtTheOptimum() {
        var total = CapacityRowGeneration.solve(threeRounds, rows -> Formulations.totalFlow(threeRounds, 0, rows),
                start(threeRounds), CapacityRowGeneration.PARTIAL_ROUNDS, false, solver, OPTIONS);
        assertThat(total.rounds()).isEqualTo(3);
        assertThat(value(threeRounds, total, Objective.TOTAL_FLOW)).isCloseTo(16.1, within(1e-6));
        assertThat(total.lp().model().rows()).as("4 capacity rows and A's, B's and C's commodity rows").isEqualTo(7);

        var concurrent = CapacityRowGeneration.solve(threeRounds, rows -> Formulations.concurrentFlow(threeRounds, rows),
                start(threeRounds), CapacityRowGeneration.PARTIAL_ROUNDS, false, solver, OPTIONS);
        assertThat(value(threeRounds, concurrent, Objective.CONCURRENT_FLOW)).isCloseTo(16.1 / 18.5, within(1e-6));
    }

    @Test
    void whenRoundsRunOutTheLastLpHasEveryRow() {
        Function<boolean[], PathLp> build = rows -> Formulations.totalFlow(threeRounds, 0, rows);
        var capped = CapacityRowGeneration.solve(threeRounds, build, start(threeRounds), 1, false, solver, OPTIONS);
        assertThat(capped.rounds()).isEqualTo(2);
        assertThat(capped.lp().model().rows()).isEqualTo(Formulations.totalFlow(threeRounds, 0).model().rows());
        assertThat(value(threeRounds, capped, Objective.TOTAL_FLOW)).isCloseTo(16.1, within(1e-6));

        var plain = CapacityRowGeneration.solve(threeRounds, build, null, CapacityRowGeneration.PARTIAL_ROUNDS, false, solver, OPTIONS);
        assertThat(plain.rounds()).isEqualTo(1);
        assertThat(value(threeRounds, plain, Objective.TOTAL_FLOW)).isCloseTo(16.1, within(1e-6));
    }

    /**
     * The time limit bounds all rounds together: each round's LP gets what the rounds before left,
     * not the whole limit again (a mutant giving every round the whole limit passed every test).
     */
    @Test
    void eachRoundGetsWhatTheRoundsBeforeLeftOfTheLimit() {
        List<Double> limits = new java.util.concurrent.CopyOnWriteArrayList<>();
        TeSolver slow = new ObservedSolver("slow", solver, (start, options, result) -> {
            limits.add(options.timeLimitSeconds());
            try {
                Thread.sleep(50); // each round uses at least this much of the limit
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        var r = CapacityRowGeneration.solve(threeRounds, rows -> Formulations.totalFlow(threeRounds, 0, rows),
                start(threeRounds), CapacityRowGeneration.PARTIAL_ROUNDS, false, slow, OPTIONS);
        assertThat(r.rounds()).isEqualTo(3);
        assertThat(value(threeRounds, r, Objective.TOTAL_FLOW)).isCloseTo(16.1, within(1e-6));
        // Rounds whose LP needs no backend (PathLp solves some as they are) call none.
        assertThat(limits).hasSizeGreaterThanOrEqualTo(2);
        assertThat(limits.get(0)).isLessThanOrEqualTo(60.0);
        for (int i = 1; i < limits.size(); i++) {
            assertThat(limits.get(i)).as("round call %d", i + 1).isLessThanOrEqualTo(limits.get(i - 1) - 0.05);
        }
    }

    @Test
    void aSpentTimeLimitIsAStatusNotAnException() {
        var r = CapacityRowGeneration.solve(threeRounds, rows -> Formulations.totalFlow(threeRounds, 0, rows),
                start(threeRounds), CapacityRowGeneration.PARTIAL_ROUNDS, false, solver,
                new SolverOptions(1e-12, 1, false));
        assertThat(r.result().status()).isEqualTo(SolveStatus.TIME_LIMIT);
    }

    @Test
    void lazyAndEveryRowAgreeOnRandomInstances() {
        int multiRound = 0;
        int multiRoundMlu = 0;
        for (long seed = 1; seed <= 5; seed++) {
            Topology t = TeInstances.mixedCapacities(9 + 2 * (int) seed, seed);
            PathSpec spec = new PathSpec(3, seed % 2 == 0 ? PathMethod.YEN : PathMethod.EDGE_DISJOINT, PathMetric.HOPS);
            for (String model : List.of("gravity", "uniform", "poisson-high-intra")) {
                TeProblem p = TeInstances.problem(t, spec, new TrafficSpec(model, seed, 4 * seed).generate(t));
                for (Objective objective : Objective.values()) {
                    String what = "seed %d %s %s".formatted(seed, model, objective);
                    TeResult lazy = new TeOptimizer(solver, OPTIONS, CapacityRows.LAZY).solve(p, objective);
                    TeResult every = new TeOptimizer(solver, OPTIONS, CapacityRows.ALL).solve(p, objective);
                    assertThat(lazy.optimal()).as(what + ": " + lazy.message()).isTrue();
                    // Min-MLU routes all demand, so arcs may carry up to its optimum z.
                    double allowed = objective == Objective.MIN_MLU ? Math.max(1, lazy.value() * (1 + 1e-6)) : 1;
                    assertThat(new AllocationChecker().violations(lazy.allocation().orElseThrow(), allowed)).as(what).isEmpty();
                    assertThat(lazy.value()).as(what).isCloseTo(every.value(), within(1e-6 * Math.max(1, every.value())));
                }
                var rounds = CapacityRowGeneration.solve(p, rows -> Formulations.totalFlow(p, 0, rows),
                        start(p), CapacityRowGeneration.PARTIAL_ROUNDS, false, solver, OPTIONS).rounds();
                multiRound += rounds > 1 ? 1 : 0;
                var mluRounds = CapacityRowGeneration.solve(p, rows -> Formulations.minMaxUtilisation(p, rows),
                        CapacityRowGeneration.startingRows(p, CapacityRows.LAZY, true), CapacityRowGeneration.PARTIAL_ROUNDS, true,
                        solver, OPTIONS).rounds();
                multiRoundMlu += mluRounds > 1 ? 1 : 0;
            }
        }
        assertThat(multiRound).as("instances that needed a second round, so the loop is exercised").isPositive();
        assertThat(multiRoundMlu).as("the same for min-MLU").isPositive();
    }

    @Test
    void autoStartsLazilyOnlyOnLargeLpsWhereFewArcsAreOverloaded() {
        assertThat(CapacityRowGeneration.startingRows(threeRounds, CapacityRows.AUTO, false)).as("small LP").isNull();
        assertThat(CapacityRowGeneration.startingRows(threeRounds, CapacityRows.ALL, false)).isNull();
        assertThat(CapacityRowGeneration.startingRows(threeRounds, CapacityRows.LAZY, false)).isNotNull();
        Topology ring = TestTopologies.ringWithChords(113);
        PathSpec spec = new PathSpec(4, PathMethod.EDGE_DISJOINT, PathMetric.HOPS);
        TeProblem light = TeInstances.problem(ring, spec, new TrafficSpec("gravity", 1, 16.0).generate(ring));
        assertThat(light.pathVariables()).isGreaterThanOrEqualTo(CapacityRowGeneration.LAZY_MIN_PATH_VARIABLES);
        assertThat(CapacityRowGeneration.startingRows(light, CapacityRows.AUTO, false)).as("few overloads").isNotNull();
        TeProblem heavy = TeInstances.problem(ring, spec, new TrafficSpec("gravity", 1, 64.0).generate(ring));
        assertThat(CapacityRowGeneration.startingRows(heavy, CapacityRows.AUTO, false)).as("most arcs overloaded").isNull();
    }

    /**
     * The greedy's blocked look-ups change its speed, not its result: on 12,656 commodities (a dozen
     * blocks, the last one partial) its loads equal those of the plain greedy written out here, and
     * the greedy's rule holds on the hand-made instance (A on 0>2>1, B on 2>1, C on 2>3).
     */
    @Test
    void greedyLoadsAreThoseOfThePlainGreedy() {
        Topology ring = TestTopologies.ringWithChords(113);
        TeProblem p = TeInstances.problem(ring, new PathSpec(4, PathMethod.EDGE_DISJOINT, PathMetric.HOPS),
                new TrafficSpec("bimodal", 3, 16.0).generate(ring));
        assertThat(p.commodities().size()).isGreaterThan(10 * 1024);
        assertThat(CapacityRowGeneration.greedyLoads(p)).containsExactly(plainGreedyLoads(p));
        double[] small = CapacityRowGeneration.greedyLoads(threeRounds);
        assertThat(small).containsExactly(plainGreedyLoads(threeRounds));
        // Arcs in the order the graph lists them: 0>1, 0>2, 2>1, 2>3, 3>1, 2>4, 4>3.
        assertThat(small).containsExactly(0, 10, 18, 0.5, 0, 0, 0);
    }

    private static double[] plainGreedyLoads(TeProblem p) {
        var paths = p.paths();
        var c = p.commodities();
        double[] capacity = p.capacityMbps();
        double[] load = new double[capacity.length];
        for (int k : c.byDescendingDemand()) {
            int best = -1;
            double bestPeak = Double.POSITIVE_INFINITY;
            for (int q = paths.firstPath(c.pairIndex(k)); q < paths.firstPath(c.pairIndex(k) + 1); q++) {
                double peak = 0;
                for (int a : paths.pathArcs(q)) {
                    peak = Math.max(peak, (load[a] + c.demandMbps(k)) / capacity[a]);
                }
                if (peak < bestPeak) {
                    best = q;
                    bestPeak = peak;
                }
            }
            for (int a : best < 0 ? new int[0] : paths.pathArcs(best)) {
                load[a] += c.demandMbps(k);
            }
        }
        return load;
    }

    private static boolean[] start(TeProblem p) {
        return CapacityRowGeneration.startingRows(p, CapacityRows.LAZY, false);
    }

    private static double value(TeProblem p, CapacityRowGeneration.Outcome o, Objective objective) {
        assertThat(o.result().status()).isEqualTo(SolveStatus.OPTIMAL);
        Allocation a = Allocation.extract(p, o.lp().pathFlowsMbps(o.result().x()));
        assertThat(new AllocationChecker().violations(a, 1)).isEmpty();
        return a.objectiveValue(objective);
    }
}
