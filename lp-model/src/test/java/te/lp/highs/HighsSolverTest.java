package te.lp.highs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import te.lp.LpModel;
import te.lp.SolveResult;
import te.lp.SolveStatus;
import te.lp.SolverOptions;
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

    /** The contract lets first-order backends say "infeasible or unbounded"; HiGHS tells the two apart. */
    @Test
    void infeasibleAndUnboundedAreToldApart() {
        // x >= 1 as a row, x <= 0 as a bound.
        LpModel infeasible = new LpModel(false, new double[] {1}, new double[] {0}, new double[] {0},
                new double[] {1}, new double[] {Double.POSITIVE_INFINITY}, new int[] {0, 1}, new int[] {0}, new double[] {1});
        // max x + y with x - y <= 1: y grows without bound.
        LpModel unbounded = new LpModel(true, new double[] {1, 1}, new double[] {0, 0},
                new double[] {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY}, new double[] {Double.NEGATIVE_INFINITY},
                new double[] {1}, new int[] {0, 1, 2}, new int[] {0, 0}, new double[] {1, -1});
        for (String backend : new String[] {"highs", "highs-warm"}) {
            SolveResult i = Solvers.byName(backend).solve(infeasible, SolverOptions.defaults());
            assertThat(i.status()).as(backend + " " + i.message()).isEqualTo(SolveStatus.INFEASIBLE);
            assertThat(i.message()).as(backend).startsWith("HiGHS: ").contains("model status");
            SolveResult u = Solvers.byName(backend).solve(unbounded, SolverOptions.defaults());
            assertThat(u.status()).as(backend + " " + u.message()).isEqualTo(SolveStatus.UNBOUNDED);
            assertThat(u.hasSolution()).isFalse();
        }
    }

    @Test
    void aLimitTooShortToStartHiGHSIsTheTimeLimit() {
        SolveResult r = createSolver().solve(tinyLp(), new SolverOptions(HighsSolver.MIN_TIME_LIMIT_SECONDS / 2, 1, false));
        assertThat(r.status()).isEqualTo(SolveStatus.TIME_LIMIT);
        assertThat(r.message()).startsWith("HiGHS: not started");
        assertThat(createSolver().solve(tinyLp(), new SolverOptions(5, 1, false)).status()).isEqualTo(SolveStatus.OPTIMAL);
    }

    @Test
    void extraOptionsAreNameValuePairsAndAMalformedOneIsNamed() {
        assertThat(HighsSolver.parseOptions(" presolve = off,, threads=2 ,")).containsExactly(Map.entry("presolve", "off"),
                Map.entry("threads", "2"));
        assertThat(HighsSolver.parseOptions("")).isEmpty();
        assertThatThrownBy(() -> HighsSolver.parseOptions("presolve=off, threads")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("HiGHS option 'threads': expected name=value");
        assertThatThrownBy(() -> HighsSolver.parseOptions(" =2")).hasMessage("HiGHS option '=2': expected name=value");
    }
}
