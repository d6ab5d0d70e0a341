package te.lp.gurobi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import te.lp.Solvers;
import te.lp.TeSolver;
import te.lp.TeSolverContract;

/** Runs the backend contract where Gurobi is licensed; skipped with the reason elsewhere. */
class GurobiSolverTest extends TeSolverContract {
    private static final Optional<String> UNAVAILABLE = GurobiLicence.unavailableReason();

    @BeforeEach
    void requireLicence() {
        assumeTrue(UNAVAILABLE.isEmpty(), () -> "Gurobi skipped: " + UNAVAILABLE.orElse(""));
    }

    @Override
    protected TeSolver createSolver() {
        return Solvers.byName("gurobi");
    }

    @Test
    void isNamedGurobi() {
        assertThat(createSolver().name()).isEqualTo("gurobi");
    }
}

class GurobiWithoutLicenceTest {
    @Test
    void askingWithoutLicenceFailsWithTheFix() {
        assumeTrue(GurobiLicence.unavailableReason().isPresent(), "a Gurobi licence is present here");
        assertThatThrownBy(() -> Solvers.byName("gurobi"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("solver 'gurobi' is not available")
                .hasMessageContaining("use --solver highs");
    }
}
