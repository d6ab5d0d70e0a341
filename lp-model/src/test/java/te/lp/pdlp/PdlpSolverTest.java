package te.lp.pdlp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import te.lp.Solvers;
import te.lp.TeSolver;
import te.lp.TeSolverContract;

class PdlpSolverTest extends TeSolverContract {
    @Override
    protected TeSolver createSolver() {
        return Solvers.byName("pdlp");
    }

    @Test
    void aToleranceOutsideZeroToOneIsRefusedNamingIt() {
        for (double epsilon : new double[] {0, 1, -1e-8, Double.NaN}) {
            assertThatThrownBy(() -> new PdlpSolver(epsilon)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("PDLP epsilon must be in (0, 1), got " + epsilon);
        }
        assertThat(new PdlpSolver(0.5).firstOrder()).isTrue();
    }
}
