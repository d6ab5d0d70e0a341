package te.lp.highs;

import te.lp.Solvers;
import te.lp.TeSolver;
import te.lp.TeSolverContract;

class HighsWarmSolverTest extends TeSolverContract {
    @Override
    protected TeSolver createSolver() {
        return Solvers.byName("highs-warm");
    }
}
