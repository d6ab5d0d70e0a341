package te.lp.gurobi;

import java.util.Optional;
import te.lp.SolverProvider;
import te.lp.TeSolver;

/** Registers Gurobi as backend {@code gurobi}; available only where a licence and its natives are. */
public final class GurobiSolverProvider implements SolverProvider {
    @Override
    public String name() {
        return "gurobi";
    }

    @Override
    public Optional<String> unavailableReason() {
        return GurobiLicence.unavailableReason();
    }

    @Override
    public TeSolver create() {
        return new GurobiSolver();
    }
}
