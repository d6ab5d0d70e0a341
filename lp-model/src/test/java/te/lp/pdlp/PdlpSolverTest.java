package te.lp.pdlp;

import te.lp.Solvers;
import te.lp.TeSolver;
import te.lp.TeSolverContract;

class PdlpSolverTest extends TeSolverContract {
    @Override
    protected TeSolver createSolver() {
        return Solvers.byName("pdlp");
    }
}
