package te.bench;

import org.openjdk.jmh.annotations.Benchmark;
import te.lp.SolverOptions;
import te.lp.TeOptimizer;
import te.lp.TeResult;

/** Full-LP solves, model building included (building alone: {@link ModelBuildBenchmark}). */
public class LpBenchmark extends SolvingBenchmark {
    @Benchmark
    public TeResult buildAndSolve() {
        return new TeOptimizer(backend, new SolverOptions(3600, Runtime.getRuntime().availableProcessors(), false))
                .solve(problem, goal);
    }
}
