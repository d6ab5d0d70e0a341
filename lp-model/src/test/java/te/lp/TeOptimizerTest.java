package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import te.topology.TestTopologies;
import te.topology.Topology;
import te.topology.paths.PathMethod;
import te.topology.paths.PathMetric;
import te.topology.paths.PathSpec;

class TeOptimizerTest {
    @Test
    void aGapIsARelativeGapFromZeroToOnePercent() {
        assertThat(TeOptimizer.requireGap(0)).isZero();
        assertThat(TeOptimizer.requireGap(0.01)).isEqualTo(0.01);
        for (double gap : new double[] {-1e-12, 0.0100001, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> TeOptimizer.requireGap(gap)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("optimality gap %s: expected a relative gap in [0, 0.01]".formatted(gap));
        }
        TeOptimizer optimizer = new TeOptimizer(Solvers.byName("highs"), SolverOptions.defaults());
        assertThatThrownBy(() -> optimizer.withGap(0.5)).hasMessageContaining("optimality gap 0.5");
    }

    /**
     * A triangle of 1 Mbps links and 4 Mbps from 0 to 1 over the direct link and the one through 2:
     * concurrent flow's α is 0.5, min-MLU's z 2. Its arcs 0>1, 0>2 and 2>1 have capacity rows.
     */
    private static final Topology TRIANGLE = TestTopologies.undirected(3, "0-1@1", "0-2@1", "1-2@1");
    private static final TeProblem FOUR_FROM_0_TO_1 = TeInstances.problem(TRIANGLE, new PathSpec(2, PathMethod.YEN, PathMetric.HOPS),
            TeInstances.matrix(3, "0>1=4"));

    /**
     * @param direct on arc 0>1, @param first on 0>2, @param second on 2>1
     * @return row duals for {@code lp} pricing those arcs so, every other row at 0
     */
    private static UnaryOperator<double[]> pricing(PathLp lp, double direct, double first, double second) {
        return duals -> {
            assertThat(duals).hasSize(lp.model().rows());
            double[] y = new double[duals.length];
            y[lp.capacityRowOfArc()[TRIANGLE.arcIndex(0, 1)]] = direct;
            y[lp.capacityRowOfArc()[TRIANGLE.arcIndex(0, 2)]] = first;
            y[lp.capacityRowOfArc()[TRIANGLE.arcIndex(2, 1)]] = second;
            return y;
        };
    }

    /** @return the triangle solved by HiGHS posing as a backend without exact duals, handing on {@code duals} */
    private static TeResult posing(Objective objective, UnaryOperator<double[]> duals) {
        TeSolver posing = new RewrittenDuals("posing", Solvers.byName("highs"), false, duals);
        return new TeOptimizer(posing, new SolverOptions(60, 1, false), CapacityRows.ALL).solve(FOUR_FROM_0_TO_1, objective);
    }

    /**
     * A first-order α passes where the bound its duals give is at most {@link TeOptimizer#CERTIFIED_GAP}
     * above it, to the last bit, and fails one bit beyond. At prices 1 on 0>1 and 0>2 and s on 2>1,
     * routing the demand costs 4 (the direct path is cheapest) and the capacity is worth 2 + s: the
     * bound on α is (2 + s)/4, exact for every bound in [0.5, 1).
     */
    @Test
    void aFirstOrderAlphaIsCertifiedUpToTheGapAndNotBeyond() {
        PathLp lp = Formulations.concurrentFlow(FOUR_FROM_0_TO_1);
        double alpha = 0.5;
        double atGap = alpha / (1 - TeOptimizer.CERTIFIED_GAP);
        assertThat(atGap * (1 - TeOptimizer.CERTIFIED_GAP)).as("a bound whose gap ends at α exactly").isEqualTo(alpha);
        double beyond = Math.nextUp(atGap);
        assertThat(beyond * (1 - TeOptimizer.CERTIFIED_GAP)).isGreaterThan(alpha);
        TeResult passes = posing(Objective.CONCURRENT_FLOW, pricing(lp, 1, 1, 4 * atGap - 2));
        assertThat(passes.status()).as(passes.message()).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(passes.value()).isEqualTo(alpha);
        TeResult fails = posing(Objective.CONCURRENT_FLOW, pricing(lp, 1, 1, 4 * beyond - 2));
        assertThat(fails.status()).isEqualTo(SolveStatus.ERROR);
        assertThat(fails.allocation()).isEmpty();
        assertThat(fails.message()).isEqualTo(
                "posing reported optimal α 0.500000000, but its own duals bound it only at %.9g: not optimal; maybe --solver highs-warm"
                        .formatted(beyond));
    }

    /**
     * The same for min-MLU's z, a bound from below: z passes where the bound is at most
     * {@link TeOptimizer#CERTIFIED_GAP} below it, to the last bit. At prices b/4 on 0>1 and 1 − b/4
     * on 0>2 (the direct path is cheapest), routing the demand costs b and the capacity is worth 1:
     * the bound on z is b, exact.
     */
    @Test
    void aFirstOrderZIsCertifiedUpToTheGapAndNotBeyond() {
        PathLp lp = Formulations.minMaxUtilisation(FOUR_FROM_0_TO_1);
        double z = 2;
        double atGap = z / (1 + TeOptimizer.CERTIFIED_GAP);
        assertThat(atGap * (1 + TeOptimizer.CERTIFIED_GAP)).as("a bound whose gap ends at z exactly").isEqualTo(z);
        double beyond = Math.nextDown(atGap);
        assertThat(beyond * (1 + TeOptimizer.CERTIFIED_GAP)).isLessThan(z);
        TeResult passes = posing(Objective.MIN_MLU, pricing(lp, atGap / 4, 1 - atGap / 4, 0));
        assertThat(passes.status()).as(passes.message()).isEqualTo(SolveStatus.OPTIMAL);
        assertThat(passes.value()).isEqualTo(z);
        TeResult fails = posing(Objective.MIN_MLU, pricing(lp, beyond / 4, 1 - beyond / 4, 0));
        assertThat(fails.status()).isEqualTo(SolveStatus.ERROR);
        assertThat(fails.message()).isEqualTo(
                "posing reported optimal z 2.00000000, but its own duals bound it only at %.9g: not optimal; maybe --solver highs-warm"
                        .formatted(beyond));
    }
}
