package te.lp.highs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import te.lp.Solvers;
import te.lp.TeSolver;
import te.lp.TeSolverContract;

class HighsSolverTest extends TeSolverContract {
    @Override
    protected TeSolver createSolver() {
        return Solvers.byName("highs");
    }

    @Test
    void loadsHighs112AndNamesAreCaseInsensitive() {
        assertThat(Solvers.byName("HiGHS").name()).isEqualTo("highs");
        assertThat(HighsLibrary.version()).startsWith("1.12");
    }
}
