package te.bench;

import org.openjdk.jmh.annotations.Benchmark;
import te.lp.Formulations;
import te.lp.PathLp;
import te.lp.SolverOptions;
import te.lp.TeOptimizer;
import te.lp.TeResult;

/** Model building (target: Kdl all-pairs ≤ 5 s) and full-LP solves, timed apart. */
public class LpBenchmark extends InstanceBenchmark {
    /** The build the solve does first: capacity rows for the greedy start where lazy rows pay (choosing them included). */
    @Benchmark
    public PathLp buildTotalFlow() {
        return Formulations.totalFlowFirstRound(problem);
    }

    /** With every capacity row the exact reductions keep ({@code CapacityRows.ALL}). */
    @Benchmark
    public PathLp buildTotalFlowEveryRow() {
        return Formulations.totalFlow(problem, 0);
    }

    @Benchmark
    public TeResult buildAndSolve() {
        return new TeOptimizer(backend, new SolverOptions(3600, Runtime.getRuntime().availableProcessors(), false))
                .solve(problem, objective);
    }
}
