package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSet;
import te.topology.paths.PathSpec;

/** Max-min fair shares by progressive filling, checked against hand-derived optima and an independent LP oracle. */
class MaxMinFairnessTest {
    private final AllocationChecker checker = new AllocationChecker();

    private static TeSolver highs(String name) {
        return Solvers.byName(name);
    }

    private TeResult solve(TeProblem p, String backend) {
        TeResult r = new TeOptimizer(highs(backend), new SolverOptions(60, 1, false)).solve(p, Objective.MAX_MIN_FAIR);
        assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(checker.violations(r.allocation().orElseThrow(), 1)).isEmpty();
        return r;
    }

    private static double[] shares(TeResult r) {
        Allocation a = r.allocation().orElseThrow();
        Commodities c = a.problem().commodities();
        double[] s = new double[c.size()];
        for (int k = 0; k < s.length; k++) {
            s[k] = a.commodityFlowMbps(k) / c.demandMbps(k);
        }
        return s;
    }

    @Test
    void equalSharesWhereTwoStageFairFavoursThroughput() {
        // Links 0-1 and 1-2 of 1 Mbps, demands 0->1, 0->2, 1->2 of 1 Mbps: fair gives 0.9, 0.1, 0.9
        // (total flow above the common floor); max-min fairness gives each half (0->2 needs both links).
        Topology chain = TestTopologies.undirected(3, "0-1@1", "1-2@1");
        TeProblem p = TeInstances.problem(chain, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=1", "0>2=1", "1>2=1"));
        assertThat(shares(solve(p, "highs"))).containsExactly(new double[] {0.5, 0.5, 0.5}, within(1e-6));
    }

    /** A solve with one level said "1 levels" (review), in its summary and when the time limit cut it after one. */
    @Test
    void oneLevelIsSaidInTheSingular() {
        // Every demand fits: the first level reaches t = 1.
        Topology chain = TestTopologies.graph(3, "0>1@10", "1>2@10");
        TeProblem p = TeInstances.problem(chain, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=1", "0>2=1", "1>2=1"));
        assertThat(solve(p, "highs").message()).startsWith("1 level, shares from 1.00000 to 1.00000");
        assertThat(solve(threeLevels(), "highs").message()).startsWith("3 levels, shares from");
    }

    @Test
    void eachBottleneckFreezesItsOwnLevel() {
        // Chain 0->1->2->3, arcs of 10, 4 and 10 Mbps. 0->2 and 1->2 share the 4 Mbps arc: 0.2 each.
        // 0->1 then has what 0->2 leaves of arc 0->1: 8 of 10. 2->3 fits whole.
        Topology chain = TestTopologies.graph(4, "0>1@10", "1>2@4", "2>3@10");
        TeProblem p = TeInstances.problem(chain, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(4, "0>1=10", "0>2=10", "1>2=10", "2>3=5"));
        for (String backend : List.of("highs", "highs-warm")) {
            TeResult r = solve(p, backend);
            assertThat(shares(r)).as(backend).containsExactly(new double[] {0.8, 0.2, 0.2, 1.0}, within(1e-6));
            assertThat(r.value()).as("total flow").isCloseTo(8 + 2 + 2 + 5, within(1e-5));
        }
    }

    @Test
    void aLightCommodityBehindAHeavyOneOnTheSameBottleneckGetsTheSameShare() {
        // 0->1 (10⁶ Mbps) and 0->2 (0.001 Mbps) share arc 0->1 of 1000 Mbps: 0.001 each. Frozen by
        // dual times demand, 0->2 stayed rising and took what the heavy one's slack freed: 0.9 (review).
        Topology chain = TestTopologies.graph(3, "0>1@1000", "1>2@0.0009");
        TeProblem p = TeInstances.problem(chain, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=1000000", "0>2=0.001"));
        for (String backend : List.of("highs", "highs-warm")) {
            double[] s = shares(solve(p, backend));
            assertThat(s).as(backend).containsExactly(new double[] {0.001, 0.001}, within(1e-8));
        }
    }

    @Test
    void theNextLevelStartsFromANonSingularBasisAtTheLastLevelsPoint() {
        // The optimum of a level, taken as it is, is singular in the next (the frozen rows, which
        // fixed t, lose it: HiGHS repaired it by moving t to a bound, leaving thousands of rows
        // infeasible on Kdl); swapped, it is a basis whose basic solution is the last level's point,
        // within the next level's bounds. The chain freezes 0.2 then 0.8 (2->3 has no row).
        Topology chain = TestTopologies.graph(4, "0>1@10", "1>2@4", "2>3@10");
        TeProblem p = TeInstances.problem(chain, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(4, "0>1=10", "0>2=10", "1>2=10", "2>3=5"));
        assertThat(swappedStarts(p)).isEqualTo(1);
        Random random = new Random(5);
        int swapped = 0;
        for (int round = 0; round < 6; round++) {
            swapped += swappedStarts(randomRing(random));
        }
        assertThat(swapped).as("levels started from a swapped basis on random rings").isGreaterThanOrEqualTo(6);
    }

    /** @return how many levels of {@code p} were started from a swapped basis, each checked */
    private static int swappedStarts(TeProblem p) {
        TeSolver warm = highs("highs-warm");
        PathLp lp = Formulations.maxMinLevel(p, null, 0);
        double[] frozen = new double[lp.groupRow().length];
        java.util.Arrays.fill(frozen, Double.NaN);
        SolveResult r = warm.solve(lp.model(), lp.startingBasis().orElse(null), new SolverOptions(60, 1, false));
        int swapped = 0;
        for (int level = 1; ; level++) {
            assertThat(r.status()).as("level %d: %s", level, r.message()).isEqualTo(SolveStatus.OPTIMAL);
            StartingBasis optimum = r.basis().orElseThrow();
            double t = lp.extraValue(r.x());
            int pivot = MaxMinFairness.mostPricedRising(lp.groupRow(), r.rowDual(), frozen);
            if (MaxMinFairness.freeze(lp, r.rowDual(), frozen, t) == 0) {
                break;
            }
            PathLp next = Formulations.maxMinLevel(p, frozen, t * (1 - TeOptimizer.FAIR_FLOOR_SLACK));
            int tColumn = lp.model().columns() - 1;
            StartingBasis start = MaxMinFairness.nextStart(optimum, tColumn, lp.groupRow()[pivot]);
            assertThat(start.columns()[tColumn]).isEqualTo(BasisStatus.LOWER);
            assertThat(basicSolution(next.model(), optimum.asPrimal())).as("level %d's optimum as it is", level).isNull();
            double[] x = basicSolution(next.model(), start);
            assertThat(x).as("level %d's optimum with t swapped for the pivot row", level).isNotNull();
            // Moved only by the 10⁻⁶ of t the frozen shares and t's floor are held below it, which
            // can take a degenerate basic variable that far past its bound (primal phase 1 repairs it).
            double moved = 1e-4;
            for (int j = 0; j < tColumn; j++) {
                assertThat(x[j]).as("path column %d", j).isCloseTo(r.x()[j], within(moved));
                assertThat(x[j]).isBetween(next.model().colLower()[j] - moved, next.model().colUpper()[j] + moved);
            }
            double[] activity = activities(next.model(), x);
            for (int i = 0; i < activity.length; i++) {
                assertThat(activity[i]).as("row %d", i).isBetween(next.model().rowLower()[i] - moved, next.model().rowUpper()[i] + moved);
            }
            swapped++;
            lp = next;
            r = warm.solve(lp.model(), start, new SolverOptions(60, 1, false));
        }
        return swapped;
    }

    /**
     * @return the basic solution of {@code basis} (non-basic columns and rows at the bound their
     *         status names; rows are A·x − r = 0 with r the row activity), or null when the basis
     *         matrix is singular
     */
    private static double[] basicSolution(LpModel m, StartingBasis basis) {
        int rows = m.rows();
        int cols = m.columns();
        // Unknowns: every column, then every row activity; equations: A·x − r = 0.
        double[][] a = new double[rows][cols + rows];
        for (int j = 0; j < cols; j++) {
            for (int e = m.colStart()[j]; e < m.colStart()[j + 1]; e++) {
                a[m.rowIndex()[e]][j] = m.value()[e];
            }
        }
        for (int i = 0; i < rows; i++) {
            a[i][cols + i] = -1;
        }
        double[] value = new double[cols + rows];
        List<Integer> basic = new ArrayList<>();
        for (int v = 0; v < cols + rows; v++) {
            BasisStatus status = v < cols ? basis.columns()[v] : basis.rows()[v - cols];
            double lower = v < cols ? m.colLower()[v] : m.rowLower()[v - cols];
            double upper = v < cols ? m.colUpper()[v] : m.rowUpper()[v - cols];
            switch (status) {
                case BASIC -> basic.add(v);
                case LOWER -> value[v] = Double.isFinite(lower) ? lower : upper;
                case UPPER -> value[v] = Double.isFinite(upper) ? upper : lower;
            }
        }
        // B·x_B = −N·x_N, by Gaussian elimination with partial pivoting.
        double[][] b = new double[rows][rows + 1];
        for (int i = 0; i < rows; i++) {
            double rhs = 0;
            for (int v = 0; v < cols + rows; v++) {
                rhs -= basic.contains(v) ? 0 : a[i][v] * value[v];
            }
            for (int c = 0; c < rows; c++) {
                b[i][c] = a[i][basic.get(c)];
            }
            b[i][rows] = rhs;
        }
        for (int c = 0; c < rows; c++) {
            int best = c;
            for (int i = c + 1; i < rows; i++) {
                best = Math.abs(b[i][c]) > Math.abs(b[best][c]) ? i : best;
            }
            if (Math.abs(b[best][c]) < 1e-9) {
                return null;
            }
            double[] swap = b[c];
            b[c] = b[best];
            b[best] = swap;
            for (int i = 0; i < rows; i++) {
                if (i != c) {
                    double f = b[i][c] / b[c][c];
                    for (int k = c; k <= rows; k++) {
                        b[i][k] -= f * b[c][k];
                    }
                }
            }
        }
        for (int c = 0; c < rows; c++) {
            value[basic.get(c)] = b[c][rows] / b[c][c];
        }
        return java.util.Arrays.copyOf(value, cols);
    }

    private static double[] activities(LpModel m, double[] x) {
        double[] activity = new double[m.rows()];
        for (int j = 0; j < m.columns(); j++) {
            for (int e = m.colStart()[j]; e < m.colStart()[j + 1]; e++) {
                activity[m.rowIndex()[e]] += m.value()[e] * x[j];
            }
        }
        return activity;
    }

    @Test
    void aLevelWhoseFloorRoundOffBreaksIsSolvedAgainWithoutIt() {
        // Review fuzzing, demands from 0.001 to 10⁶ Mbps over thin and closed links. Before the
        // retry: 87 and 66 INFEASIBLE on highs-warm at level 2 (level 1's t of 1.9e-7 and 3.9e-7 sat
        // above a 0.001 Mbps commodity behind the closed arc that caps it at 0, within HiGHS's
        // absolute tolerance), 77 and 80 INFEASIBLE on highs at level 3 (presolve, with t's lower
        // bound above 0). All four solve without the floor.
        Topology t87 = TestTopologies.undirected(10, "0-1@2108", "0-6@0.019", "0-9@11", "1-2@217", "2-3@5", "3-4@7", "3-5@23", "4-5@81",
                "5-6@2172", "6-7@140", "7-8@1", "8-9@236");
        Topology t66 = TestTopologies.undirected(10, "0-1@326", "0-9@1305", "1-2@9444", "2-3@1", "3-4@20", "3-8@1692", "4-5@1", "5-6@1",
                "5-9@1496", "6-7@1", "7-8@0.039", "8-9@125");
        Topology t77 = TestTopologies.undirected(10, "0-1@1", "0-9@130", "1-2@20", "2-3@520", "3-4@0.043", "4-5@1", "5-6@3849", "6-7@13",
                "7-8@1", "8-9@53");
        Topology t80 = TestTopologies.undirected(10, "0-1@2", "0-9@1", "1-2@1", "2-3@1", "3-4@2", "4-5@62", "5-6@1", "6-7@903", "7-8@0.074",
                "8-9@280");
        List<TeProblem> problems = List.of(
                TeInstances.withClosedArcs(TeInstances.problem(t87, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                        TeInstances.matrix(10, "0>2=0.001", "0>3=100000", "0>6=100000", "2>0=1000", "3>9=0.1")), t87.arcIndex(0, 9)),
                TeInstances.withClosedArcs(TeInstances.problem(t66, new PathSpec(2, PathMethod.YEN, PathMetric.HOPS),
                        TeInstances.matrix(10, "0>1=10000", "0>5=0.001", "0>6=100000", "7>5=0.1")), t66.arcIndex(9, 5), t66.arcIndex(6, 5)),
                TeInstances.problem(t77, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                        TeInstances.matrix(10, "0>4=0.001", "4>5=100000", "9>4=1000000")),
                TeInstances.problem(t80, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                        TeInstances.matrix(10, "2>8=100000", "5>9=1000000", "6>9=0.004", "7>0=1000000")));
        for (TeProblem p : problems) {
            for (String backend : List.of("highs", "highs-warm")) {
                solve(p, backend);
            }
        }
    }

    /** What a solve that relaxed frozen shares says, with how many times it did. */
    private static final String RELAXED = "frozen shares relaxed by 1e-04 [1-9][0-9]* times where round-off made a level infeasible";

    /** Review fuzzing's instance 116, which round-off makes INFEASIBLE at level 8 on highs. */
    private static TeProblem p116() {
        return TeInstances.problem(TestTopologies.undirected(10, "0-1@1191.0", "0-9@2.0", "1-2@6.0", "2-3@1597.0",
                        "3-4@4.0", "4-5@10.0", "5-6@7.0", "6-7@1931.0", "7-8@1.0", "8-9@8.0"),
                new PathSpec(2, PathMethod.YEN, PathMetric.HOPS), TeInstances.matrix(10, "0>1=4.5", "0>2=2.5", "0>3=0.001",
                        "0>4=0.001", "0>5=1.5", "0>6=1000000.0", "0>7=1000000.0", "0>8=2.5", "0>9=3.5", "1>0=1000000.0",
                        "1>2=0.001", "1>3=4.5", "1>4=5.5", "1>6=7.5", "1>7=0.001", "1>8=2.5", "1>9=0.001", "2>0=7.5", "2>1=0.001",
                        "2>4=1.5", "2>6=0.001", "2>8=1000000.0", "3>1=1.5", "3>2=0.001", "3>4=0.5", "3>5=7.5", "3>6=0.001",
                        "3>8=0.5", "3>9=1000000.0", "4>0=0.001", "4>1=0.001", "4>2=0.5", "4>3=2.5", "4>6=0.5", "4>7=7.5",
                        "4>9=7.5", "5>0=0.001", "5>2=0.5", "5>3=0.5", "5>4=0.001", "5>6=0.001", "5>7=0.001", "6>1=1000000.0",
                        "6>4=6.5", "6>7=3.5", "6>8=1000000.0", "7>0=7.5", "7>1=1000000.0", "7>2=0.001", "7>3=3.5", "7>6=2.5",
                        "7>9=0.001", "8>0=0.001", "8>1=2.5", "8>3=2.5", "8>4=5.5", "8>5=7.5", "8>6=0.001", "8>7=0.001",
                        "8>9=0.001", "9>0=3.5", "9>2=1000000.0", "9>3=3.5", "9>4=0.5", "9>5=0.001", "9>6=5.5", "9>7=2.5",
                        "9>8=1000000.0"));
    }

    @Test
    void aLaterLevelThatRoundOffMakesInfeasibleIsSolvedWithTheFrozenSharesRelaxed() {
        // Review fuzzing: before the relaxation 116 was INFEASIBLE at level 8 (highs), also before the
        // floor: the last level's point is feasible there only up to round-off.
        TeProblem p116 = p116();
        TeProblem p512 = TeInstances.problem(TestTopologies.undirected(10, "0-1@0.02", "0-9@1290.274", "1-2@60.004999999999995",
                        "2-3@0.030000000000000002", "3-4@0.076", "4-5@1394.3799999999999", "5-6@32.445", "6-7@5525.042",
                        "7-8@161.874", "8-9@702.0319999999999"),
                new PathSpec(4, PathMethod.YEN, PathMetric.HOPS), TeInstances.matrix(10, "0>3=0.002", "0>4=83342.96800000001",
                        "0>6=26052.785", "0>7=0.008", "0>9=0.036000000000000004", "1>2=47967.380999999994", "1>3=141.702",
                        "1>5=7.635000000000001", "1>6=0.004", "1>7=1052.947", "1>8=2395.19", "2>1=14035.728000000001", "2>6=0.016",
                        "2>7=0.056", "2>9=0.362", "3>0=34.967999999999996", "3>1=188725.80299999999", "3>2=0.342", "3>5=39.326",
                        "3>6=906114.603", "3>7=0.23", "3>9=3119.568", "4>0=0.004", "4>5=155.55700000000002", "4>7=9536.245",
                        "5>1=2369.7740000000003", "5>3=0.305", "5>6=0.02", "5>7=12252.319", "6>0=2189.7720000000004",
                        "6>1=36.769999999999996", "6>2=17.592000000000002", "6>9=1764.133", "7>0=428768.459", "7>2=4.597",
                        "7>8=2725.632", "8>0=877.7959999999999", "8>1=9.933", "8>2=0.021", "8>3=8181.964",
                        "8>4=492.62899999999996", "8>5=0.007", "8>6=93.247", "8>7=0.08600000000000001", "8>9=913.053", "9>0=0.773",
                        "9>1=0.862", "9>2=53.878", "9>4=3.017", "9>5=0.005", "9>6=9104.032000000001", "9>7=78.637"));
        TeProblem p2453 = TeInstances.problem(TestTopologies.undirected(12, "0-1@0.019", "0-11@3010.366", "1-2@2.541",
                        "1-8@0.094", "10-11@0.018000000000000002", "2-10@185.811", "2-3@4.384", "3-4@0.11",
                        "4-5@4.457000000000001", "5-6@0.028", "6-7@1476.9479999999999", "7-10@0.051000000000000004",
                        "7-8@223.561", "8-9@0.054", "9-10@139.198", "9-11@0.065"),
                new PathSpec(2, PathMethod.YEN, PathMetric.HOPS), TeInstances.matrix(12, "0>1=381667.182", "0>3=391.21",
                        "0>6=0.917", "0>8=64788.526", "0>9=103.283", "0>10=0.095", "0>11=56.897", "1>2=13139.752", "1>3=30.077",
                        "1>4=77.43700000000001", "1>5=1132.857", "1>6=0.022000000000000002", "1>10=0.213",
                        "2>0=107277.96800000001", "2>1=207.149", "2>3=9.913", "2>4=9.738999999999999", "2>5=0.007", "2>6=0.004",
                        "2>7=511490.819", "2>8=84.697", "2>9=423178.847", "2>10=4683.087", "2>11=0.052",
                        "3>0=523348.92199999996", "3>4=701692.098", "3>5=0.682", "3>8=0.069", "3>9=2.371", "3>11=0.091",
                        "4>0=495935.243", "4>1=124794.56", "4>3=0.064", "4>5=346119.431", "4>6=655.29", "4>8=3636.253",
                        "4>9=8239.158", "4>10=0.547", "4>11=40122.801", "5>0=80.964", "5>1=0.004", "5>4=0.011",
                        "5>8=98828.47600000001", "5>9=0.581", "5>10=21.796000000000003", "5>11=0.553", "6>0=496.58", "6>1=0.003",
                        "6>4=35905.818999999996", "6>5=1007.111", "6>9=0.771", "6>10=246316.36899999998",
                        "6>11=2824.0130000000004", "7>0=23256.364", "7>1=105358.913", "7>2=9542.703", "7>3=0.512", "7>4=0.007",
                        "7>5=1.2269999999999999", "7>6=3.247", "7>8=0.002", "7>11=25966.807", "8>0=2.852", "8>1=58.777",
                        "8>2=10767.978000000001", "8>5=0.003", "8>6=74.25500000000001", "8>7=35.235", "8>9=2.6229999999999998",
                        "8>10=215.165", "9>1=5.089", "9>2=669.016", "9>5=0.007", "9>6=20304.684", "9>7=1291.3609999999999",
                        "10>1=20614.035", "10>2=3.468", "10>5=0.153", "10>6=0.002", "10>8=24995.365", "10>11=0.015",
                        "11>6=664.903", "11>8=80.67800000000001", "11>9=0.082"));
        assertThat(solve(p116, "highs").message()).as("116").containsPattern(RELAXED);
        // 512 needed the relaxation on highs-warm until its primal starts ran without HiGHS's bound
        // perturbation (HighsSolver.NO_PRIMAL_BOUND_PERTURBATION): the perturbed bounds' clean-up left a
        // level infeasible. 2453 is the first of 3,000 fuzz seeds that relaxes there since.
        TeResult r512 = solve(p512, "highs-warm");
        assertThat(r512.status()).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(r512.message()).as("512").doesNotContain("relaxed");
        assertThat(solve(p2453, "highs-warm").message()).as("2453").containsPattern(RELAXED);
    }

    /**
     * A frozen group ends at its level's t: its row allows up to its demand, but what a later level
     * hands it beyond its share is cut ({@link MaxMinFairness#FROZEN_BAND}). Before, a 0.001 Mbps
     * commodity frozen at 0.000505 beside 10⁶ Mbps ones (seed 49) or at 8·10⁻⁶ (seed 162) came back at its whole demand from {@code highs-warm}, which a later
     * level's optimum handed it for nothing, and at its share from {@code highs} (review fuzzing:
     * shares differing by up to 0.999). Within 10⁻⁶ also needs each frozen commodity raised to its
     * own share where a solver missed it by its absolute tolerance: commodity 34 of seed 49 (0.001
     * Mbps, frozen at 6·10⁻⁶) came back from {@code highs} with no flow and was raised only to the
     * first level's 2·10⁻⁶.
     */
    @Test
    void aFrozenGroupKeepsItsShareSoTheBackendsAgree() {
        TeProblem p49 = TeInstances.problem(TestTopologies.undirected(10, "0-1@1110.0", "0-9@1959.0", "1-2@1763.0", "2-3@8.0",
                        "3-4@8.0", "4-5@9.0", "5-6@1452.0", "6-7@1010.0", "7-8@1722.0", "8-9@2.0"),
                new PathSpec(1, PathMethod.YEN, PathMetric.HOPS), TeInstances.matrix(10, "0>2=0.001", "0>3=5.5", "0>4=2.5",
                        "0>7=0.001", "0>8=0.5", "1>2=0.001", "1>3=2.5", "1>5=0.5", "1>6=0.001", "1>7=7.5", "1>9=6.5", "2>1=7.5",
                        "2>3=1.5", "2>4=2.5", "2>5=7.5", "2>6=1.5", "3>0=6.5", "3>1=3.5", "3>4=0.001", "3>5=0.001", "3>8=1000000.0",
                        "4>0=1000000.0", "4>1=0.5", "4>5=0.001", "4>7=0.001", "4>8=0.5", "4>9=5.5", "5>0=5.5", "5>1=6.5", "5>2=1.5",
                        "5>4=4.5", "5>7=0.001", "5>8=2.5", "6>0=0.001", "6>1=0.001", "6>5=3.5", "6>7=0.001", "6>9=2.5", "7>1=2.5",
                        "7>2=2.5", "7>3=0.001", "7>4=4.5", "7>5=1000000.0", "7>8=0.001", "7>9=0.001", "8>0=1.5", "8>1=1000000.0",
                        "8>4=0.001", "8>5=1000000.0", "8>6=3.5", "8>7=0.001", "8>9=6.5", "9>0=7.5", "9>1=0.001", "9>2=0.001",
                        "9>3=6.5", "9>4=0.001", "9>5=2.5", "9>6=0.001", "9>7=4.5", "9>8=0.5"));
        TeProblem p162 = TeInstances.problem(TestTopologies.undirected(10, "0-1@8.0", "0-9@1588.0", "1-2@3.0", "2-3@8.0",
                        "3-4@1783.0", "4-5@1229.0", "4-9@8.0", "5-6@9.0", "5-7@1645.0", "6-7@1760.0", "7-8@1397.0", "7-9@1435.0",
                        "8-9@1260.0"),
                new PathSpec(4, PathMethod.YEN, PathMetric.HOPS), TeInstances.matrix(10, "0>1=4.5", "0>2=0.001", "0>3=3.5",
                        "0>6=3.5", "0>7=7.5", "0>8=5.5", "0>9=1.5", "1>4=1000000.0", "1>5=1.5", "1>7=2.5", "1>8=0.001", "1>9=1.5",
                        "2>3=0.001", "2>5=1000000.0", "2>6=0.001", "2>8=0.001", "3>1=3.5", "3>4=0.5", "3>6=5.5", "3>7=0.001",
                        "3>8=7.5", "4>0=5.5", "4>1=6.5", "4>2=3.5", "4>3=0.001", "4>5=0.5", "4>7=6.5", "4>8=0.001", "4>9=2.5",
                        "5>2=3.5", "5>3=1000000.0", "5>4=4.5", "5>6=1000000.0", "5>9=0.001", "6>3=1000000.0", "6>4=0.5",
                        "6>5=1000000.0", "6>8=1.5", "6>9=0.001", "7>0=0.001", "7>8=0.5", "7>9=5.5", "8>0=0.001", "8>2=1000000.0",
                        "8>3=2.5", "8>4=3.5", "8>5=5.5", "8>6=1000000.0", "8>7=0.001", "9>0=1000000.0", "9>1=1000000.0",
                        "9>2=0.001", "9>4=6.5", "9>6=1000000.0", "9>7=3.5", "9>8=1000000.0"));
        for (TeProblem p : List.of(p49, p162)) {
            double[] scratch = shares(solve(p, "highs"));
            double[] warm = shares(solve(p, "highs-warm"));
            for (int k = 0; k < scratch.length; k++) {
                assertThat(warm[k]).as("commodity %d", k).isCloseTo(scratch[k], org.assertj.core.data.Offset.offset(1e-6));
            }
        }
    }

    @Test
    void whenOneMoreStepReachesDemandTheLastLevelIsAFeasibilityTry() {
        // Chain 0>1 (6 Mbps), 1>2 (10), 2>3 (10.4). Level 1: 0->1 (10) and 0->2 (2) share 0>1: 0.5.
        // Level 2: 1->2 (10) and 1->3 (1) share what 0->2 leaves of 1>2: 9/11. One more step of
        // 0.318 reaches 1, so the try comes: 2->3 (9.5) fits whole beside 1->3's 9/11 on 2>3.
        Topology chain = TestTopologies.graph(4, "0>1@6", "1>2@10", "2>3@10.4");
        PathSpec one = new PathSpec(1, PathMethod.YEN, PathMetric.HOPS);
        TeProblem fits = TeInstances.problem(chain, one, TeInstances.matrix(4, "0>1=10", "0>2=2", "1>2=10", "1>3=1", "2>3=9.5"));
        for (String backend : List.of("highs", "highs-warm")) {
            TeResult r = solve(fits, backend);
            assertThat(shares(r)).as(backend).containsExactly(new double[] {0.5, 0.5, 9 / 11.0, 9 / 11.0, 1.0}, within(1e-6));
            assertThat(r.message()).as(backend).startsWith("3 levels");
        }
        assertThat(tryAfterLevel(fits, 2)).isEqualTo(SolveStatus.OPTIMAL);
        // The solve makes that one try (after level 2 only: level 1's t is no step) and ends with it.
        TeSolver inner = highs("highs-warm");
        List<SolveStatus> tries = new ArrayList<>();
        List<SolveStatus> solves = new ArrayList<>();
        TeSolver counting = new ObservedSolver("counting", inner, (start, options, r) -> {
            solves.add(r.status());
            if (start != null && start.iterationBudget() > 0) {
                tries.add(r.status());
            }
        });
        TeResult counted = new TeOptimizer(counting, new SolverOptions(60, 1, false)).solve(fits, Objective.MAX_MIN_FAIR);
        assertThat(counted.status()).as(counted.message()).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(checker.violations(counted.allocation().orElseThrow(), 1)).isEmpty();
        assertThat(shares(counted)).containsExactly(new double[] {0.5, 0.5, 9 / 11.0, 9 / 11.0, 1.0}, within(1e-6));
        assertThat(tries).containsExactly(SolveStatus.OPTIMAL);
        assertThat(solves).as("levels 1 and 2, then the try, which is taken: no third level").hasSize(3);
        // 2->3 asking 9.7 does not fit: the try says so and the level is solved as usual.
        TeProblem tight = TeInstances.problem(chain, one, TeInstances.matrix(4, "0>1=10", "0>2=2", "1>2=10", "1>3=1", "2>3=9.7"));
        assertThat(tryAfterLevel(tight, 2)).isIn(SolveStatus.INFEASIBLE, SolveStatus.ITERATION_LIMIT);
        assertThat(shares(solve(tight, "highs-warm")))
                .containsExactly(new double[] {0.5, 0.5, 9 / 11.0, 9 / 11.0, (10.4 - 9 / 11.0) / 9.7}, within(1e-6));
    }

    @Test
    void aTryThatFitsOnlyWithinTheSolversToleranceIsNotTaken() {
        // The chain above at 10⁻⁴ of its size, 2->3 asking 9·10⁻⁸ Mbps more than fits: HiGHS called
        // t = 1 feasible, the extractor scaled the overload off arc 2>3, and the frozen 1->3 got
        // 0.8181104 for 9/11 (review). Now solved as a level: 1->3 keeps 9/11, 2->3 its exact share.
        double f = 1e-4;
        double last = (10.4 - 9 / 11.0) * f + 9e-8;
        Topology chain = TestTopologies.graph(4, "0>1@" + 6 * f, "1>2@" + 10 * f, "2>3@" + 10.4 * f);
        TeProblem p = TeInstances.problem(chain, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(4, "0>1=" + 10 * f, "0>2=" + 2 * f, "1>2=" + 10 * f, "1>3=" + f, "2>3=" + last));
        double[] s = shares(solve(p, "highs-warm"));
        assertThat(s[3]).isCloseTo(9 / 11.0, within(1e-6));
        assertThat(s[4]).isCloseTo((10.4 - 9 / 11.0) * f / last, within(1e-6));
    }

    /** @return how the try of every rising group in full ends after level {@code level} of {@code p} on highs-warm */
    private static SolveStatus tryAfterLevel(TeProblem p, int level) {
        TeSolver warm = highs("highs-warm");
        SolverOptions options = new SolverOptions(60, 1, false);
        PathLp lp = Formulations.maxMinLevel(p, null, 0);
        double[] frozen = new double[lp.groupRow().length];
        java.util.Arrays.fill(frozen, Double.NaN);
        StartingBasis start = lp.startingBasis().orElse(null);
        for (int l = 1; ; l++) {
            SolveResult r = warm.solve(lp.model(), start, options);
            assertThat(r.status()).isEqualTo(SolveStatus.OPTIMAL);
            int pivot = MaxMinFairness.mostPricedRising(lp.groupRow(), r.rowDual(), frozen);
            double t = lp.extraValue(r.x());
            assertThat(MaxMinFairness.freeze(lp, r.rowDual(), frozen, t)).as("groups rising after level %d", l).isPositive();
            start = MaxMinFairness.nextStart(r.basis().orElseThrow(), lp.model().columns() - 1, lp.groupRow()[pivot]);
            if (l == level) {
                var full = new MaxMinFairness(warm, options).everyGroupInFull(p, frozen, start, Math.max(1, r.iterations()), l,
                        System.nanoTime() + 60_000_000_000L);
                return full.result().status();
            }
            lp = Formulations.maxMinLevel(p, frozen, t * (1 - TeOptimizer.FAIR_FLOOR_SLACK));
        }
    }

    @Test
    void withoutDualsThatPriceARisingRowNoLevelIsGuessed() {
        TeProblem p = TeInstances.problem(TestTopologies.undirected(3, "0-1@1", "1-2@1"), new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=1", "0>2=1", "1>2=1"));
        TeSolver zeroDuals = new RewrittenDuals("zero-duals", Solvers.byName("highs-warm"), true, RewrittenDuals.zeroed());
        TeResult r = new TeOptimizer(zeroDuals, new SolverOptions(60, 1, false)).solve(p, Objective.MAX_MIN_FAIR);
        assertThat(r.status()).isEqualTo(SolveStatus.ERROR);
        assertThat(r.message()).contains("level 1").contains("price no commodity still rising");
    }

    /**
     * The chain whose bottlenecks freeze at two levels, on a backend whose second solve comes back
     * optimal but without duals: no bottleneck can be told there, so the result is an error naming
     * that level, not the first level's shares passed off as fair.
     */
    @Test
    void aLaterLevelWithoutDualsIsAnErrorNamingTheLevel() {
        Topology chain = TestTopologies.graph(4, "0>1@10", "1>2@4", "2>3@10");
        TeProblem p = TeInstances.problem(chain, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(4, "0>1=10", "0>2=10", "1>2=10", "2>3=5"));
        int[] solves = {0};
        TeSolver dualsOnce = new RewrittenDuals("duals-once", highs("highs"), true, d -> ++solves[0] == 1 ? d : new double[0]);
        TeResult r = new TeOptimizer(dualsOnce, new SolverOptions(60, 1, false)).solve(p, Objective.MAX_MIN_FAIR);
        assertThat(solves[0]).isEqualTo(2);
        assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.ERROR);
        assertThat(r.allocation()).isEmpty();
        assertThat(r.message()).isEqualTo("level 2: backend duals-once gave no row duals");
    }

    @Test
    void aCommodityBehindAFailedLinkFreezesAtZeroAndTheOthersStillRise() {
        // The chain above with arc 1->2 failed (capacity 0): 0->2 and 1->2 get nothing, 0->1 all of
        // arc 0->1, 2->3 its whole demand. The first level's t is 0; only the blocked freeze there.
        Topology chain = TestTopologies.graph(4, "0>1@10", "1>2@4", "2>3@10");
        TeProblem whole = TeInstances.problem(chain, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(4, "0>1=10", "0>2=10", "1>2=10", "2>3=5"));
        TeProblem failed = TeInstances.withClosedArcs(whole, chain.arcIndex(1, 2));
        TeResult r = solve(failed, "highs-warm");
        assertThat(shares(r)).containsExactly(new double[] {1.0, 0, 0, 1.0}, within(1e-6));
        assertThat(r.message()).startsWith("2 levels");
    }

    @Test
    void noCommodityCanGainWithoutOneAtOrBelowItsShareLosing() {
        Random random = new Random(5);
        int checked = 0;
        int levels = 0;
        for (int round = 0; round < 12; round++) {
            TeProblem p = randomRing(random);
            TeResult r = solve(p, round % 2 == 0 ? "highs" : "highs-warm");
            double[] s = shares(r);
            levels = Math.max(levels, Integer.parseInt(r.message().split(" ")[0]));
            for (int k = 0; k < s.length; k++) {
                if (s[k] < 1 - 1e-6) {
                    // Frozen shares are held 1e-6 below their level, which leaves that much of each
                    // bottleneck unused; a light commodity on it could take it: up to 1.8e-5 of its share here.
                    assertThat(bestShareKeeping(p, s, k)).as("round %d commodity %d at %s", round, k, s[k])
                            .isLessThanOrEqualTo(s[k] + 1e-4);
                    checked++;
                }
            }
        }
        assertThat(checked).as("commodities below their demand checked").isGreaterThan(30);
        assertThat(levels).as("most levels one instance took").isGreaterThanOrEqualTo(4);
    }

    /** @return a ring of 7–10 nodes with up to 3 chords, random capacities and demands, 2–3 paths per pair */
    private static TeProblem randomRing(Random random) {
        int n = 7 + random.nextInt(4);
        java.util.Map<String, Integer> links = new java.util.TreeMap<>(); // "u-v" (u < v) -> capacity
        for (int v = 0; v < n; v++) {
            links.put(Math.min(v, (v + 1) % n) + "-" + Math.max(v, (v + 1) % n), 1 + random.nextInt(10));
        }
        for (int chord = 0; chord < 3; chord++) {
            int u = random.nextInt(n);
            int v = (u + 2 + random.nextInt(n - 3)) % n;
            links.putIfAbsent(Math.min(u, v) + "-" + Math.max(u, v), 1 + random.nextInt(10));
        }
        Topology t = TestTopologies.undirected(n, links.entrySet().stream().map(e -> e.getKey() + "@" + e.getValue())
                .toArray(String[]::new));
        List<String> demands = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            for (int d = 0; d < n; d++) {
                if (s != d && random.nextDouble() < 0.35) {
                    demands.add(s + ">" + d + "=" + (0.5 + random.nextInt(8)));
                }
            }
        }
        return TeInstances.problem(t, new PathSpec(2 + random.nextInt(2), PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(n, demands.toArray(String[]::new)));
    }

    /**
     * Oracle, one plain path LP without the builder's reductions: the largest share commodity
     * {@code k} can get while every other commodity whose share is at most {@code s[k]} keeps its share.
     */
    private static double bestShareKeeping(TeProblem p, double[] s, int k) {
        Commodities c = p.commodities();
        PathSet paths = p.paths();
        int arcs = p.topology().arcCount();
        List<int[]> columns = new ArrayList<>(); // {commodity, path}
        for (int j = 0; j < c.size(); j++) {
            int pair = c.pairIndex(j);
            for (int q = paths.firstPath(pair); q < paths.firstPath(pair + 1); q++) {
                columns.add(new int[] {j, q});
            }
        }
        int rows = arcs + c.size();
        double[] cost = new double[columns.size()];
        double[] lower = new double[columns.size()];
        double[] upper = new double[columns.size()];
        int[] start = new int[columns.size() + 1];
        List<Integer> index = new ArrayList<>();
        List<Double> value = new ArrayList<>();
        for (int col = 0; col < columns.size(); col++) {
            int j = columns.get(col)[0];
            int q = columns.get(col)[1];
            cost[col] = j == k ? 1 : 0;
            upper[col] = Double.POSITIVE_INFINITY;
            start[col] = index.size();
            java.util.TreeSet<Integer> rowsOf = new java.util.TreeSet<>();
            for (int h = 0; h < paths.pathLength(q); h++) {
                rowsOf.add(paths.arc(q, h));
            }
            rowsOf.add(arcs + j);
            for (int r : rowsOf) {
                index.add(r);
                value.add(1.0);
            }
        }
        start[columns.size()] = index.size();
        double[] rowLower = new double[rows];
        double[] rowUpper = new double[rows];
        for (int a = 0; a < arcs; a++) {
            rowLower[a] = Double.NEGATIVE_INFINITY;
            rowUpper[a] = p.capacityMbps()[a];
        }
        for (int j = 0; j < c.size(); j++) {
            double d = c.demandMbps(j);
            // Shares frozen at one level can differ a little (a commodity may get a hair more where
            // capacity is left): "at or below" allows 1e-4, as the caller's check does.
            rowLower[arcs + j] = j != k && s[j] <= s[k] + 1e-4 ? s[j] * d * (1 - 1e-7) : 0;
            rowUpper[arcs + j] = d;
        }
        LpModel lp = new LpModel(true, cost, lower, upper, rowLower, rowUpper, start,
                index.stream().mapToInt(Integer::intValue).toArray(), value.stream().mapToDouble(Double::doubleValue).toArray());
        SolveResult r = highs("highs").solve(lp, SolverOptions.defaults());
        assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.OPTIMAL);
        return r.objective() / c.demandMbps(k);
    }

    /**
     * The chain of {@link #whenOneMoreStepReachesDemandTheLastLevelIsAFeasibilityTry}: three levels,
     * shares 0.5 and 0.5 at t = 0.5, 9/11 and 9/11 at t = 9/11, then 1.
     */
    private static TeProblem threeLevels() {
        Topology chain = TestTopologies.graph(4, "0>1@6", "1>2@10", "2>3@10.4");
        return TeInstances.problem(chain, new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(4, "0>1=10", "0>2=2", "1>2=10", "1>3=1", "2>3=9.5"));
    }

    private static final double[] THREE_LEVELS = {0.5, 9 / 11.0};

    /**
     * What the time limit leaves after {@code levels} levels of {@link #threeLevels}: TIME_LIMIT with
     * a feasible allocation in which every commodity frozen by then holds its exact share and every
     * other one at least the last level's t.
     */
    private void assertCutAfter(TeResult r, int levels) {
        assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.TIME_LIMIT);
        assertThat(r.message()).startsWith("time limit after %d level%s: groups not yet frozen get at least the last level's t"
                .formatted(levels, levels == 1 ? "" : "s"));
        Allocation a = r.allocation().orElseThrow();
        assertThat(checker.violations(a, 1)).isEmpty();
        assertThat(r.value()).isCloseTo(a.totalFlowMbps(), within(1e-9));
        double t = THREE_LEVELS[levels - 1];
        double[] exact = {0.5, 0.5, 9 / 11.0, 9 / 11.0, 1.0};
        double[] s = shares(r);
        for (int k = 0; k < s.length; k++) {
            if (exact[k] <= t) {
                assertThat(s[k]).as("commodity %d, frozen", k).isCloseTo(exact[k], within(1e-6));
            } else {
                assertThat(s[k]).as("commodity %d, still rising", k).isGreaterThanOrEqualTo(t - 1e-6);
            }
        }
    }

    /** A level that runs out of time serves the level before it; later ones are not tried. */
    @Test
    void aLevelCutShortByTheTimeLimitServesTheLastLevelReached() {
        for (int cut : new int[] {2, 3}) {
            ScriptedTimeLimit backend = ScriptedTimeLimit.on(highs("highs"), cut);
            TeResult r = new TeOptimizer(backend, new SolverOptions(60, 1, false)).solve(threeLevels(), Objective.MAX_MIN_FAIR);
            assertCutAfter(r, cut - 1);
            assertThat(backend.calls()).as("cut at level %d", cut).isEqualTo(cut);
        }
    }

    /** A time limit after frozen shares were relaxed says both. */
    @Test
    void aTimeLimitAfterARelaxationSaysBoth() {
        TeProblem p = p116();
        List<SolveStatus> statuses = new ArrayList<>();
        new TeOptimizer(new ObservedSolver("observed", highs("highs"), (start, options, r) -> statuses.add(r.status())),
                new SolverOptions(60, 1, false)).solve(p, Objective.MAX_MIN_FAIR);
        int infeasible = statuses.indexOf(SolveStatus.INFEASIBLE);
        assertThat(infeasible).as("a level round-off made infeasible").isPositive();
        // The relaxed level's solve again (1-based: two past the infeasible one's index) runs out of time.
        TeResult r = new TeOptimizer(ScriptedTimeLimit.on(highs("highs"), infeasible + 2), new SolverOptions(60, 1, false))
                .solve(p, Objective.MAX_MIN_FAIR);
        assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.TIME_LIMIT);
        assertThat(r.message()).startsWith("time limit after %d levels: groups not yet frozen get at least the last level's t; ".formatted(infeasible))
                .containsPattern(RELAXED);
        assertThat(checker.violations(r.allocation().orElseThrow(), 1)).isEmpty();
    }

    /** A level that takes the whole limit and still answers is kept; the next one is not solved, it finds no time left. */
    @Test
    void aLevelThatUsesUpTheLimitLeavesNoneForTheNext() {
        ScriptedTimeLimit backend = ScriptedTimeLimit.atItsLimitOn(highs("highs"), 2);
        // 5 s: level 1 (milliseconds) must finish inside it even on a loaded machine; level 2 waits out the rest.
        TeResult r = new TeOptimizer(backend, new SolverOptions(5, 1, false)).solve(threeLevels(), Objective.MAX_MIN_FAIR);
        assertCutAfter(r, 2);
        assertThat(backend.calls()).isEqualTo(2);
    }

    /** The first level's failure is the result as it is: nothing to serve, the backend's word. */
    @Test
    void aFirstLevelOutOfTimeIsTheResult() {
        TeResult r = new TeOptimizer(ScriptedTimeLimit.on(highs("highs"), 1), new SolverOptions(60, 1, false))
                .solve(threeLevels(), Objective.MAX_MIN_FAIR);
        assertThat(r.status()).isEqualTo(SolveStatus.TIME_LIMIT);
        assertThat(r.allocation()).isEmpty();
        assertThat(r.message()).isEqualTo("scripted time limit on solve 1");
    }

    /** A limit too short to build the first level in never reaches the backend. */
    @Test
    void aLimitUsedUpBeforeTheFirstLevelSaysSo() {
        List<SolverOptions> solves = new ArrayList<>();
        TeSolver observed = new ObservedSolver("observed", highs("highs"), (start, options, result) -> solves.add(options));
        TeResult r = new TeOptimizer(observed, new SolverOptions(1e-9, 1, false)).solve(threeLevels(), Objective.MAX_MIN_FAIR);
        assertThat(r.status()).isEqualTo(SolveStatus.TIME_LIMIT);
        assertThat(r.allocation()).isEmpty();
        assertThat(r.message()).isEqualTo("time limit reached before the first level (building it used the rest)");
        assertThat(solves).isEmpty();
    }

    /**
     * One limit spans every level (and highs-warm's try of every group in full): each solve gets
     * what the ones before left of it. No limit at all solves every level.
     */
    @Test
    void eachLevelGetsWhatIsLeftOfTheOneLimit() {
        double limit = 30;
        double delay = 0.1;
        for (String name : List.of("highs", "highs-warm")) {
            List<Double> limits = new ArrayList<>();
            TeSolver slowed = new ObservedSolver("observed", ScriptedTimeLimit.never(highs(name)).slowedBy(delay),
                    (start, options, result) -> limits.add(options.timeLimitSeconds()));
            TeResult r = new TeOptimizer(slowed, new SolverOptions(limit, 1, false)).solve(threeLevels(), Objective.MAX_MIN_FAIR);
            assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.OPTIMAL);
            assertThat(limits).as(name).hasSize(3);
            assertThat(limits.get(0)).as(name).isPositive().isLessThanOrEqualTo(limit);
            for (int i = 1; i < limits.size(); i++) {
                assertThat(limits.get(i)).as("%s solve %d", name, i + 1).isPositive().isLessThanOrEqualTo(limits.get(i - 1) - delay);
            }
            TeResult unlimited = new TeOptimizer(highs(name), new SolverOptions(Double.POSITIVE_INFINITY, 1, false))
                    .solve(threeLevels(), Objective.MAX_MIN_FAIR);
            assertThat(unlimited.status()).as(unlimited.message()).isEqualTo(SolveStatus.OPTIMAL);
            assertThat(shares(unlimited)).containsExactly(new double[] {0.5, 0.5, 9 / 11.0, 9 / 11.0, 1.0}, within(1e-6));
        }
    }

    @Test
    void aBackendWithoutDualsIsToldSoNotGivenAnAnswer() {
        TeProblem p = TeInstances.problem(TestTopologies.undirected(3, "0-1@1", "1-2@1"), new PathSpec(1, PathMethod.YEN, PathMetric.HOPS),
                TeInstances.matrix(3, "0>1=1", "0>2=1"));
        TeResult r = new TeOptimizer(highs("highs-pdlp"), new SolverOptions(60, 1, false)).solve(p, Objective.MAX_MIN_FAIR);
        assertThat(r.status()).isEqualTo(SolveStatus.ERROR);
        assertThat(r.message()).contains("exact row duals").contains("highs-pdlp").contains("use highs or highs-warm");
        assertThatThrownBy(() -> TeOptimizer.requireSupported(Objective.MAX_MIN_FAIR, highs("pdlp"))).hasMessage(
                "max-min fairness freezes commodities by their exact row duals, which backend pdlp does not give (a first-order "
                        + "backend's are approximate); use highs or highs-warm");
    }
}
