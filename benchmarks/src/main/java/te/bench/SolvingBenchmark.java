package te.bench;

import org.openjdk.jmh.annotations.Param;
import te.lp.Objective;
import te.lp.Solvers;
import te.lp.TeSolver;

/**
 * Benchmarks whose work, or whose set-up, solves the instance: with a backend and an objective
 * ({@code -p objective=concurrent-flow}, as on the command line).
 */
public abstract class SolvingBenchmark extends InstanceBenchmark {
    @Param({"highs-warm", "highs"})
    String solver;

    @Param({"total-flow"})
    String objective;

    TeSolver backend;
    Objective goal;

    @Override
    final void loaded() {
        backend = Solvers.byName(solver);
        goal = Objective.parse(objective);
    }
}
