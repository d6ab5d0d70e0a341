package te.lp.highs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import te.lp.BasisStatus;
import te.lp.LpModel;
import te.lp.SolveResult;
import te.lp.SolveStatus;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.StartingBasis;
import te.lp.TeSolver;
import te.lp.TeSolverContract;

class HighsWarmSolverTest extends TeSolverContract {
    @Override
    protected TeSolver createSolver() {
        return Solvers.byName("highs-warm");
    }

    @Test
    void isTheDefault() {
        assertThat(Solvers.DEFAULT).isEqualTo("highs-warm");
        assertThat(Solvers.byName(Solvers.DEFAULT).name()).isEqualTo("highs-warm");
    }

    /**
     * The served vertex does not depend on the thread count: dual simplex stays serial (parallel
     * dual simplex was 2–3.6× slower on a busy 2-core machine) and reaches interior point's optimum.
     */
    @Test
    void dualSimplexServesTheSameVertexWhateverTheThreads() {
        LpModel lp = randomPacking(24_000, 1_000, 7);
        // Every column at its upper bound: dual feasible, so dual simplex only cuts overloaded rows
        // back, as from the greedy TE start; its iteration cap is lifted so that it is not the
        // interior-point fallback that answers.
        StartingBasis start = allAtUpperBound(lp);
        TeSolver simplex = new HighsSolver("highs-warm", Map.of("simplex_iteration_limit", "1000000"), true);
        SolveResult one = simplex.solve(lp, start, new SolverOptions(120, 1, false));
        SolveResult two = simplex.solve(lp, start, new SolverOptions(120, 2, false));
        SolveResult interior = Solvers.byName("highs").solve(lp, new SolverOptions(120, 1, false));
        for (SolveResult r : new SolveResult[] {one, two, interior}) {
            assertThat(r.status()).as(r.message()).isEqualTo(SolveStatus.OPTIMAL);
        }
        assertThat(one.objective()).isGreaterThan(0);
        assertThat(two.x()).isEqualTo(one.x());
        assertThat(interior.objective()).isCloseTo(one.objective(), within(1e-6 * one.objective()));
    }

    /** More threads than HiGHS's largest simplex concurrency (8) are taken, not refused. */
    @Test
    void moreThreadsThanHighsSimplexConcurrencyAreTaken() {
        TeSolver warm = createSolver();
        LpModel lp = randomPacking(200, 40, 3);
        StartingBasis start = allAtUpperBound(lp);
        SolveResult one = warm.solve(lp, start, new SolverOptions(60, 1, false));
        SolveResult nine = warm.solve(lp, start, new SolverOptions(60, 9, false));
        assertThat(nine.status()).as(nine.message()).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(nine.objective()).isCloseTo(one.objective(), within(1e-9 * one.objective()));
    }

    private static StartingBasis allAtUpperBound(LpModel lp) {
        BasisStatus[] columns = new BasisStatus[lp.columns()];
        Arrays.fill(columns, BasisStatus.UPPER);
        BasisStatus[] rows = new BasisStatus[lp.rows()];
        Arrays.fill(rows, BasisStatus.BASIC);
        return new StartingBasis(columns, rows);
    }

    /**
     * A try with an iteration budget gives up when it runs out (no interior point after it), and an
     * optimal warm solve says how many simplex iterations it took.
     */
    @Test
    void aTryGivesUpWhenItsIterationBudgetRunsOut() {
        LpModel lp = randomPacking(2_000, 200, 11);
        TeSolver warm = createSolver();
        SolverOptions options = new SolverOptions(60, 1, false);
        SolveResult whole = warm.solve(lp, allAtUpperBound(lp), options);
        assertThat(whole.status()).as(whole.message()).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(whole.iterations()).isGreaterThan(10);
        SolveResult cut = warm.solve(lp, allAtUpperBound(lp).withIterationBudget(5), options);
        assertThat(cut.status()).as(cut.message()).isEqualTo(SolveStatus.ITERATION_LIMIT);
        assertThat(cut.message()).contains("budget of 5 simplex iterations");
        // Exactly the count it reported (138) is enough; one fewer is not.
        SolveResult enough = warm.solve(lp, allAtUpperBound(lp).withIterationBudget((int) whole.iterations()), options);
        assertThat(warm.solve(lp, allAtUpperBound(lp).withIterationBudget((int) whole.iterations() - 1), options).status())
                .isEqualTo(SolveStatus.ITERATION_LIMIT);
        assertThat(enough.status()).as(enough.message()).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(enough.objective()).isCloseTo(whole.objective(), within(1e-9 * whole.objective()));
    }

    /** A start too far from feasible goes to interior point at once, with the same optimum. */
    @Test
    void aStartSimplexDoesNotPayFromReachesTheSameOptimum() {
        LpModel lp = randomPacking(2_000, 200, 11);
        BasisStatus[] columns = new BasisStatus[lp.columns()];
        Arrays.fill(columns, BasisStatus.UPPER);
        BasisStatus[] rows = new BasisStatus[lp.rows()];
        Arrays.fill(rows, BasisStatus.BASIC);
        TeSolver warm = createSolver();
        SolverOptions options = new SolverOptions(60, 1, false);
        SolveResult near = warm.solve(lp, new StartingBasis(columns, rows, true), options);
        SolveResult far = warm.solve(lp, new StartingBasis(columns, rows, false), options);
        assertThat(near.status()).as(near.message()).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(far.status()).as(far.message()).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(far.objective()).isCloseTo(near.objective(), within(1e-6 * near.objective()));
    }

    /** max Σ c·x, A·x ≤ b, 0 ≤ x ≤ 1; each column has 5 random rows, like a path crossing arcs. */
    private static LpModel randomPacking(int columns, int rows, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int perColumn = 5;
        int[] start = new int[columns + 1];
        int[] index = new int[columns * perColumn];
        double[] value = new double[columns * perColumn];
        double[] cost = new double[columns];
        for (int j = 0; j < columns; j++) {
            start[j + 1] = start[j] + perColumn;
            cost[j] = 1 + random.nextDouble();
            int[] chosen = random.ints(0, rows).distinct().limit(perColumn).sorted().toArray();
            for (int e = 0; e < perColumn; e++) {
                index[start[j] + e] = chosen[e];
                value[start[j] + e] = 0.5 + random.nextDouble();
            }
        }
        double[] lower = new double[rows];
        Arrays.fill(lower, Double.NEGATIVE_INFINITY);
        // Each row holds 0.9–1.2 of its load at x = 1: about a third bind, as arcs do in a TE LP.
        double[] upper = new double[rows];
        for (int e = 0; e < index.length; e++) {
            upper[index[e]] += value[e];
        }
        for (int i = 0; i < rows; i++) {
            upper[i] *= 0.9 + 0.3 * random.nextDouble();
        }
        double[] one = new double[columns];
        Arrays.fill(one, 1);
        return new LpModel(true, cost, new double[columns], one, lower, upper, start, index, value);
    }
}
