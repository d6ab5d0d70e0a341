package te.lp.highs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import te.lp.Solvers;
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
}
