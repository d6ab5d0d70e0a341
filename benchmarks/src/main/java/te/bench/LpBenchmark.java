package te.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import te.lp.Formulations;
import te.lp.LpModel;
import te.lp.Objective;
import te.lp.SolverOptions;
import te.lp.Solvers;
import te.lp.TeOptimizer;
import te.lp.TeProblem;
import te.lp.TeResult;
import te.lp.TeSolver;

/** Model building (target: Kdl all-pairs ≤ 5 s) and full-LP solves, timed apart. */
public class LpBenchmark extends BenchmarkBase {
    @Param({"Cogentco"})
    String topology;

    @Param({"gravity:1,16"})
    String traffic;

    @Param({"highs", "pdlp"})
    String solver;

    @Param({"TOTAL_FLOW"})
    Objective objective;

    private TeProblem problem;
    private TeSolver backend;

    @Setup(Level.Trial)
    public void load() {
        problem = Instances.problem(topology, traffic);
        backend = Solvers.byName(solver);
    }

    @Benchmark
    public LpModel buildTotalFlow() {
        return Formulations.totalFlow(problem, 0);
    }

    @Benchmark
    public TeResult buildAndSolve() {
        return new TeOptimizer(backend, new SolverOptions(3600, Runtime.getRuntime().availableProcessors(), false))
                .solve(problem, objective);
    }
}
