package te.controller.cli;

import picocli.CommandLine.Option;
import te.lp.Objective;
import te.lp.Solvers;
import te.lp.TeSolver;

/** The objective and LP backend every solving command takes (a picocli mixin). */
public final class SolverChoice {
    @Option(names = "--objective", defaultValue = "total-flow", paramLabel = "total-flow|concurrent-flow|min-mlu|fair",
            description = "What to optimise (default: ${DEFAULT-VALUE}).")
    String objective;

    @Option(names = "--solver", defaultValue = Solvers.DEFAULT, paramLabel = "highs|highs-warm|highs-pdlp|pdlp|gurobi",
            description = "LP backend (default: ${DEFAULT-VALUE}: dual simplex from a greedy start for total and concurrent flow, interior point otherwise).")
    String solver;

    /** @throws IllegalArgumentException naming an unknown objective */
    public Objective objective() {
        return Objective.parse(objective);
    }

    /** @throws IllegalArgumentException naming an unknown or unavailable backend, with the fix */
    public TeSolver solver() {
        return Solvers.byName(solver);
    }
}
