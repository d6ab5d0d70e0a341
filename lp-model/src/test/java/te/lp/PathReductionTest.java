package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;
import te.topology.traffic.TrafficSpec;

/**
 * The reduced LPs (rows left out, paths preset or dropped, commodities grouped) have the optimum of
 * the plain path LP, written here independently: one column per (commodity, path), a row for every
 * used arc and every commodity, no reductions.
 */
class PathReductionTest {
    private final TeSolver ipm = Solvers.byName("highs");

    @Test
    void reducedAndPlainLpsHaveTheSameOptimum() {
        int preset = 0;
        int grouped = 0;
        int dropped = 0;
        for (long seed = 1; seed <= 4; seed++) {
            Topology t = TeInstances.mixedCapacities(9 + 2 * (int) seed, seed);
            // Yen paths overlap, so dominated paths and shared signatures occur; scale varies congestion.
            PathSpec spec = new PathSpec(3, seed % 2 == 0 ? PathMethod.YEN : PathMethod.EDGE_DISJOINT, PathMetric.HOPS);
            for (String model : List.of("gravity", "bimodal")) {
                TeProblem p = TeInstances.problem(t, spec, new TrafficSpec(model, seed, 20 * seed).generate(t));
                PathLp total = Formulations.totalFlow(p, 0);
                long presetPaths = java.util.Arrays.stream(total.presetFlowMbps()).filter(f -> f > 0).count();
                preset += presetPaths > 0 ? 1 : 0;
                grouped += total.memberPathVariable().length > total.pathColumns() ? 1 : 0;
                int[] first = p.firstColumns();
                int pathsOfPresetCommodities = 0;
                for (int k = 0; k < p.commodities().size(); k++) {
                    boolean isPreset = false;
                    for (int v = first[k]; v < first[k + 1]; v++) {
                        isPreset |= total.presetFlowMbps()[v] > 0;
                    }
                    pathsOfPresetCommodities += isPreset ? first[k + 1] - first[k] : 0;
                }
                dropped += total.memberPathVariable().length < p.pathVariables() - pathsOfPresetCommodities ? 1 : 0;
                String what = "seed %d %s".formatted(seed, model);
                for (String backend : List.of("highs-warm", "highs")) {
                    TeOptimizer optimizer = new TeOptimizer(Solvers.byName(backend), new SolverOptions(60, 1, false));
                    assertThat(optimizer.solve(p, Objective.TOTAL_FLOW).value()).as(what + " total " + backend)
                            .isCloseTo(plain(p, false), within(1e-6 * Math.max(1, plain(p, false))));
                    assertThat(optimizer.solve(p, Objective.CONCURRENT_FLOW).value()).as(what + " concurrent " + backend)
                            .isCloseTo(plain(p, true), within(1e-6));
                }
            }
        }
        // Each reduction happened somewhere, so the agreement above covers it.
        assertThat(preset).as("instances with commodities routed up front").isPositive();
        assertThat(grouped).as("instances with grouped commodities").isPositive();
        assertThat(dropped).as("instances with paths left out").isPositive();
    }

    @Test
    void pathsOverZeroCapacityArcsAreLeftOutWithTheSameOptimum() {
        // Failed or drained arcs have capacity 0: no flow can cross them, so their paths are dropped up front.
        for (long seed = 1; seed <= 3; seed++) {
            Topology t = TeInstances.mixedCapacities(11, seed);
            PathSpec spec = new PathSpec(3, PathMethod.YEN, PathMetric.HOPS);
            TeProblem full = TeInstances.problem(t, spec, new TrafficSpec("gravity", seed, 20).generate(t));
            double[] capacity = full.capacityMbps().clone();
            for (int a = 0; a < capacity.length; a += 5) {
                capacity[a] = 0;
            }
            TeProblem p = new TeProblem(t, full.paths(), full.commodities(), capacity);
            assertThat(Formulations.totalFlow(p, 0).memberPathVariable().length).as("paths left out")
                    .isLessThan(Formulations.totalFlow(full, 0).memberPathVariable().length);
            for (String backend : List.of("highs-warm", "highs")) {
                TeOptimizer optimizer = new TeOptimizer(Solvers.byName(backend), new SolverOptions(60, 1, false));
                TeResult total = optimizer.solve(p, Objective.TOTAL_FLOW);
                assertThat(total.value()).as("seed %d total %s", seed, backend).isCloseTo(plain(p, false), within(1e-6 * Math.max(1, plain(p, false))));
                assertThat(new AllocationChecker().violations(total.allocation().orElseThrow(), 1.0)).isEmpty();
                assertThat(optimizer.solve(p, Objective.CONCURRENT_FLOW).value()).as("seed %d concurrent %s", seed, backend)
                        .isCloseTo(plain(p, true), within(1e-6));
            }
        }
    }

    @Test
    void aPathWithTheSameRowsAsAHigherRankedOneIsLeftOut() {
        // 0>4 over 0-1-2-4 and 0-1-3-4: both cross only the thin 0->1, so they are one column for the LP (the higher rank kept).
        Topology t = TestTopologies.undirected(5, "0-1@5", "1-2@100", "1-3@100", "2-4@100", "3-4@100");
        TeProblem p = TeInstances.problem(t, new PathSpec(2, PathMethod.YEN, PathMetric.HOPS), TeInstances.matrix(5, "0>4=10"));
        assertThat(p.pathVariables()).isEqualTo(2);
        for (PathLp lp : List.of(Formulations.totalFlow(p, 0), Formulations.concurrentFlow(p))) {
            assertThat(lp.pathColumns()).as(lp.toString()).isEqualTo(1);
            assertThat(lp.pathVariablesOf(0)).containsExactly(0);
        }
        TeOptimizer optimizer = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false));
        assertThat(optimizer.solve(p, Objective.TOTAL_FLOW).value()).isCloseTo(5.0, within(1e-6));
        assertThat(optimizer.solve(p, Objective.CONCURRENT_FLOW).value()).isCloseTo(0.5, within(1e-6));
    }

    @Test
    void aPathIsLeftOutWhenAnotherCrossesAnyOfItsRowsNotOnlyItsFirst() {
        // 0>3 over 0-1-3 (binding: 1->3) and 0-2-1-3 (binding: 0->2, a lower row, and 1->3): the second can only do worse.
        Topology t = TestTopologies.undirected(4, "0-2@5", "0-1@100", "1-3@5", "2-1@100");
        TeProblem p = TeInstances.problem(t, new PathSpec(2, PathMethod.YEN, PathMetric.HOPS), TeInstances.matrix(4, "0>3=10"));
        assertThat(p.pathVariables()).isEqualTo(2);
        PathLp lp = Formulations.totalFlow(p, 0);
        assertThat(lp.model().rows()).as("rows of 0->2 and 1->3, no commodity row (one column)").isEqualTo(2);
        assertThat(lp.pathColumns()).isEqualTo(1);
        assertThat(lp.pathVariablesOf(0)).containsExactly(0);
        assertThat(lp.groupRow()).as("a single column's bounds are its group's: no row").containsExactly(-1);
        assertThat(Formulations.concurrentFlow(p).groupRow()).as("α's row after the two capacity rows").containsExactly(2);
    }

    @Test
    void commoditiesWithManyLongPathsHaveTheOptimumOfThePlainLp() {
        // A 4×5 grid with every link thin: 16 or 40 paths per pair of up to a dozen binding arcs each, more than the
        // reduction's first buffers hold (16 paths, 256 signature entries).
        List<String> links = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 5; c++) {
                int v = 5 * r + c;
                if (c < 4) {
                    links.add(v + "-" + (v + 1) + "@" + (10 + v));
                }
                if (r < 3) {
                    links.add(v + "-" + (v + 5) + "@" + (30 - v));
                }
            }
        }
        Topology t = TestTopologies.undirected(20, links.toArray(String[]::new));
        TeOptimizer optimizer = new TeOptimizer(Solvers.byName("highs"), new SolverOptions(60, 1, false));
        for (int k : new int[] {16, 40}) {
            TeProblem p = TeInstances.problem(t, new PathSpec(k, PathMethod.YEN, PathMetric.HOPS),
                    TeInstances.matrix(20, "0>19=200", "4>15=150", "9>10=120"));
            assertThat(p.pathVariables()).isEqualTo(3 * k);
            assertThat(optimizer.solve(p, Objective.TOTAL_FLOW).value()).as("k = %d total", k)
                    .isCloseTo(plain(p, false), within(1e-6 * plain(p, false)));
            assertThat(optimizer.solve(p, Objective.CONCURRENT_FLOW).value()).as("k = %d concurrent", k)
                    .isCloseTo(plain(p, true), within(1e-6));
        }
    }

    /** Max Σf (or max α) over the unreduced path LP. */
    private double plain(TeProblem p, boolean concurrent) {
        var paths = p.paths();
        var c = p.commodities();
        int arcs = p.topology().arcCount();
        int n = c.size();
        int cols = p.pathVariables() + (concurrent ? 1 : 0);
        double[] cost = new double[cols];
        double[] lower = new double[cols];
        double[] upper = new double[cols];
        int[] start = new int[cols + 1];
        List<Integer> rows = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        int col = 0;
        for (int k = 0; k < n; k++) {
            int pair = c.pairIndex(k);
            for (int q = paths.firstPath(pair); q < paths.firstPath(pair + 1); q++) {
                cost[col] = concurrent ? 0 : 1;
                upper[col] = c.demandMbps(k);
                start[col] = rows.size();
                List<Integer> arcsOfPath = new ArrayList<>();
                for (int j = 0; j < paths.pathLength(q); j++) {
                    arcsOfPath.add(paths.arc(q, j));
                }
                arcsOfPath.stream().sorted().forEach(a -> {
                    rows.add(a);
                    values.add(1.0);
                });
                rows.add(arcs + k);
                values.add(1.0);
                col++;
            }
        }
        if (concurrent) {
            cost[col] = 1;
            upper[col] = 1;
            start[col] = rows.size();
            for (int k = 0; k < n; k++) {
                rows.add(arcs + k);
                values.add(-c.demandMbps(k));
            }
        }
        start[cols] = rows.size();
        double[] rowLower = new double[arcs + n];
        double[] rowUpper = new double[arcs + n];
        for (int a = 0; a < arcs; a++) {
            rowLower[a] = Double.NEGATIVE_INFINITY;
            rowUpper[a] = p.capacityMbps()[a];
        }
        for (int k = 0; k < n; k++) {
            rowLower[arcs + k] = concurrent ? 0 : Double.NEGATIVE_INFINITY;
            rowUpper[arcs + k] = c.demandMbps(k);
        }
        LpModel m = new LpModel(true, cost, lower, upper, rowLower, rowUpper, start,
                rows.stream().mapToInt(Integer::intValue).toArray(), values.stream().mapToDouble(Double::doubleValue).toArray());
        SolveResult r = ipm.solve(m, new SolverOptions(60, 1, false));
        assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
        return r.objective();
    }
}
