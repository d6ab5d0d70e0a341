package te.controller.cli;

import picocli.CommandLine.Option;
import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.TeOptimizer;
import te.lp.TeSolver;

/** The objective and LP backend every solving command takes (a picocli mixin). */
public final class SolverChoice {
    @Option(names = "--objective", defaultValue = "total-flow", paramLabel = "total-flow|concurrent-flow|min-mlu|fair|max-min-fair",
            converter = NameConverters.ObjectiveName.class, description = "What to optimise (default: ${DEFAULT-VALUE}). fair: "
                    + "concurrent flow, then total flow above its share; max-min-fair: max-min fair shares of demand, one LP per "
                    + "level (needs highs or highs-warm).")
    Objective objective;

    @Option(names = "--solver", defaultValue = Solvers.DEFAULT, paramLabel = "highs|highs-warm|highs-pdlp|pdlp|gurobi",
            description = "LP backend (default: ${DEFAULT-VALUE}: dual simplex from a greedy start for total and concurrent flow, interior point otherwise and where that start is far beyond capacity).")
    String solver;

    @Option(names = "--gap", defaultValue = "1e-7", paramLabel = "G",
            description = "Relative optimality gap of the full LP's total and concurrent flow, in [0, 0.01]: light commodities stay "
                    + "out of the LP while its duals certify this gap; 0 keeps every commodity in (default: ${DEFAULT-VALUE}; "
                    + "POP sub-problems use 1e-5).")
    double gap;

    @Option(names = "--shorter-paths", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Move flow from a commodity's longer paths onto its shorter ones where they have room, keeping every "
                    + "commodity's flow and the peak utilisation (on by default; --no-shorter-paths serves the solver's vertex as it is).")
    boolean shorterPaths;

    /** @return the objective (an unknown name was refused when the command line was parsed) */
    public Objective objective() {
        return objective;
    }

    /**
     * @throws IllegalArgumentException naming an unknown or unavailable backend, with the fix, or
     *                                  one that cannot serve the objective (max-min fairness needs
     *                                  exact duals): said before any topology or path is loaded
     */
    public TeSolver solver() {
        TeSolver backend = Solvers.byName(solver);
        TeOptimizer.requireSupported(objective, backend);
        return backend;
    }

    /**
     * @return the relative optimality gap for full-LP solves
     * @throws IllegalArgumentException naming {@code --gap} and a value outside [0, 0.01]
     */
    public double gap() {
        TeCli.named("--gap", () -> TeOptimizer.requireGap(gap));
        return gap;
    }

    /** @return whether solutions are moved onto shorter paths where they have room ({@link te.lp.ShorterPaths}) */
    public boolean shorterPaths() {
        return shorterPaths;
    }

    /**
     * @return an optimizer for the chosen backend at the chosen gap, moving flow onto shorter paths or not
     * @throws IllegalArgumentException naming an unknown backend or a gap out of range
     */
    public TeOptimizer optimizer(SolverOptions options) {
        return new TeOptimizer(solver(), options).withGap(gap()).withShorterPaths(shorterPaths);
    }
}
