package te.lp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

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
}
